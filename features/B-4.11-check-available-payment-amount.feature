@B-4.11
Feature: Check Available Payment Amount (B-4.11)
  The partner asks whether an amount is available on a wallet. The answer is
  HTTP 200 with a text/plain body, exactly yes or no: no quotes, no JSON. The
  spec names no Accept header for it: the suite admits text/plain and JSON.
  "Available" is what the wallet can spend: its avlBal, or avlBal less its
  minimumAllowedBalance (A-2.4); the suite asks yes of the stricter reading
  and no of the laxer.

  Background:
    Given the partner has created an account
    And the account has been loaded with 40.00

  Rule: The answer is yes up to the available balance and no above it

    @B-4.11#2 @B-4.11#3 @B-4.11#4
    Scenario: An amount the account can afford is available
      When the partner checks whether what the account can afford is available
      Then the answer is exactly yes as plain text

    @B-4.11#2 @B-4.11#3 @B-4.11#4
    Scenario: An amount above what the account can afford is not available
      When the partner checks whether one cent more than the account can afford is available
      Then the answer is exactly no as plain text

    @B-4.14 @B-4.11#4
    Scenario: A blocked amount is no longer available
      Given the partner has authorized a wallet payment of 40.00 to the merchant
      When the partner checks whether one cent more than the account can afford is available
      Then the answer is exactly no as plain text

  Rule: Every parameter is required, the amount a number

    @A-7 @B-4.11#1
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

    @A-7 @B-4.11#6
    Scenario: An amount that is not a number is rejected as a syntax error
      When the partner checks the available payment amount with amount set to "ten"
      Then the call is rejected as a syntax error
