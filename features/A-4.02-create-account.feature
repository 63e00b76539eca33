@A-4.2
Feature: Create Account (A-4.2)
  The partner opens an e-wallet account for a user in a currency; the
  service answers 201 with the new account's number and statuses (A-3).

  Rule: A valid request opens the account

    Scenario: An account is created
      When the partner creates an account
      Then the call succeeds
      And the response echoes partnerReference and programCode

    @A-4.4
    Scenario: The created account is read back as it was sent
      Given the partner has created an account
      When the partner reads the account information
      Then the call succeeds
      And the account information shows what was sent

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Create Account without <field> is rejected naming it
      When the partner creates an account without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                             |
        | partnerReference                  |
        | programCode                       |
        | currCode                          |
        | title                             |
        | lastName                          |
        | firstName                         |
        | addr1                             |
        | city                              |
        | countryCode                       |
        | postCode                          |
        | dob                               |
        | emailAddress                      |
        | useDifferentCorrespondenceAddress |
        | nationality                       |
        | localDate                         |
        | localTime                         |
