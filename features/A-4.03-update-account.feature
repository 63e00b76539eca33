@A-4.3
Feature: Update Account Information (A-4.3)
  The partner replaces the information of an existing account; the change
  is visible in Get Account Information (A-4.4). The fields it shares with
  Create Account have Create Account's types and lengths; oneTimePassword is
  N(8).

  Rule: A valid update changes the account

    @A-4.3#1 @A-4.3#6
    Scenario: The account information is updated
      Given the partner has created an account
      When the partner updates the account information
      Then the call succeeds
      And the response echoes partnerReference and programCode

    @A-4.4 @A-4.3#4 @A-4.4#3 @A-4.4#4
    Scenario: The update is visible when the account is read
      Given the partner has created an account
      When the partner updates the account information
      Then the call succeeds
      And the account information shows what was sent, as sent (advisory)

  Rule: oneTimePassword is a number of up to 8 digits

    @A-2.0 @A-2.0#7 @A-7 @A-7#5
    Scenario: An update with a oneTimePassword that is not a number is rejected
      Given the partner has created an account
      When the partner updates the account information with oneTimePassword set to "1234567a"
      Then the call is rejected as a syntax error

    @A-2.0 @A-2.0#7 @A-7 @A-7#7
    Scenario: An update with a oneTimePassword of 9 digits is refused
      Given the partner has created an account
      When the partner updates the account information with oneTimePassword set to "123456789"
      Then the call is refused as an invalid value, as a syntax error (advisory)

  Rule: Every mandatory field is required

    @A-7 @A-4.3#2 @A-7#3 @A-7#4
    Scenario Outline: Update Account Information without <field> is rejected naming it
      Given the partner has created an account
      When the partner updates the account information without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples: Update Account Information's own fields
        | field                             |
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

      @A-2.1 @A-2.1#1
      Examples: The request envelope
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
