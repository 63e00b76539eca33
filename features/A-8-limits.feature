@A-8
Feature: Limits (A-8)
  Field lengths are as each table gives them: S(n) is a maximum, so a value
  of exactly n characters is accepted and kept whole.

  Rule: A text at its maximum length is accepted and kept whole

    @A-4.2 @A-2.0
    Scenario Outline: Create Account with <field> of <length> characters
      When the partner creates an account with <field> of <length> characters
      Then the call succeeds
      And the account information holds <field> whole

      Examples:
        | field                    | length |
        | externalAccountReference | 255    |
        | lastName                 | 100    |
        | firstName                | 100    |
        | addr1                    | 60     |
        | addr2                    | 60     |
        | addr3                    | 60     |
        | city                     | 50     |
        | state                    | 50     |

    @A-4.2 @A-2.1
    Scenario: Create Account with a partnerReference of 64 characters
      When the partner creates an account with partnerReference of 64 characters
      Then the call succeeds
      And the response echoes partnerReference
