@A-4.4
Feature: Get Account Information (A-4.4)
  The partner reads an account; the response carries every field of A-2.4,
  those without a value as null.

  Rule: The account is returned with every A-2.4 field

    @A-2.4
    Scenario: Every account field is present, absent values as null
      Given the partner has created an account
      When the partner reads the account information
      Then the call succeeds
      And the account carries every field, absent values as null

  Rule: Every query parameter is required

    @A-7
    Scenario Outline: Get Account Information without <field> is rejected naming it
      Given the partner has created an account
      When the partner reads the account information without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |
