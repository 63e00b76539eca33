@A-4.3
Feature: Update Account Information (A-4.3)
  The partner replaces the information of an existing account; the change
  is visible in Get Account Information (A-4.4).

  Rule: A valid update changes the account

    Scenario: The account information is updated
      Given the partner has created an account
      When the partner updates the account information
      Then the call succeeds
      And the response echoes partnerReference and programCode

    @A-4.4
    Scenario: The update is visible when the account is read
      Given the partner has created an account
      When the partner updates the account information
      Then the call succeeds
      And the account information shows what was sent

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Update Account Information without <field> is rejected naming it
      Given the partner has created an account
      When the partner updates the account information without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                             |
        | partnerReference                  |
        | programCode                       |
        | accnoType                         |
        | title                             |
        | lastName                          |
        | firstName                         |
        | addr1                             |
        | city                              |
        | postCode                          |
        | countryCode                       |
        | dob                               |
        | emailAddress                      |
        | useDifferentCorrespondenceAddress |
        | localDate                         |
        | localTime                         |
