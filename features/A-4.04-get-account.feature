@A-4.4
Feature: Get Account Information (A-4.4)
  The partner reads an account; the response carries every field of A-2.4,
  those without a value as null, and echoes partnerReference and
  programCode.

  Rule: The account is returned with every A-2.4 field

    @A-2.4 @A-2.0 @A-4.4#1 @A-2.4#1 @A-2.4#2 @A-2.0#6
    Scenario: Every account field is present, absent values as null
      Given the partner has created an account
      When the partner reads the account information
      Then the call succeeds
      And the account carries every field, absent values as null

  Rule: Every query parameter is required

    @A-7 @A-4.4#2 @A-7#3 @A-7#4
    Scenario Outline: Get Account Information without <field> is rejected naming it
      Given the partner has created an account
      When the partner reads the account information without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples: Get Account Information's own parameters
        | field       |
        | programCode |
        | accnoType   |

      @A-2.1 @A-2.1#1
      Examples: The request envelope
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
