@B-4.11
Feature: Check Available Payment Amount (B-4.11)
  The partner asks whether an amount is available on a wallet. The answer is
  a text/plain body, exactly yes or no: no quotes, no JSON.

  Background:
    Given the partner has created an account
    And the account has been loaded with 40.00

  Rule: The answer is yes up to the available balance and no above it

    Scenario: An amount the account can afford is available
      When the partner checks whether what the account can afford is available
      Then the answer is exactly yes as plain text

    Scenario: An amount above what the account can afford is not available
      When the partner checks whether one cent more than the account can afford is available
      Then the answer is exactly no as plain text

    @B-4.14
    Scenario: A blocked amount is no longer available
      Given the partner has authorized a wallet payment of 40.00 to the merchant
      When the partner checks whether one cent more than the account can afford is available
      Then the answer is exactly no as plain text

  Rule: Every parameter is required

    @A-7
    Scenario Outline: Check Available Payment Amount without <field> is rejected naming it
      When the partner checks the available payment amount without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | amount           |
        | currCode         |
        | localDate        |
        | localTime        |
