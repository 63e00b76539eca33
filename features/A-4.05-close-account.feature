@A-4.5
Feature: Close Account (A-4.5)
  The partner closes an account, giving a reason; the account becomes
  CLOSED (A-3).

  Rule: A valid request closes the account

    Scenario: The account is closed
      Given the partner has created an account
      When the partner closes the account
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response's dateClosed is a date

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Close Account without <field> is rejected naming it
      Given the partner has created an account
      When the partner closes the account without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | closingReason    |
        | localDate        |
        | localTime        |
