@A-4.1
Feature: Issue Token (A-4.1)
  The partner obtains an authentication token with its user identifier and
  password; the token and its expiry are described in A-2.3.

  Rule: Valid credentials give a token with its expiry

    @A-2.3
    Scenario: A token is issued with validUntil in UTC with milliseconds
      When the partner requests a token
      Then the call succeeds
      And the response carries a token valid until a UTC timestamp with milliseconds

  Rule: A wrong password gives no token

    Scenario: A wrong password is not a success
      When the partner requests a token with a wrong password
      Then the call is not a success

  Rule: The token request needs the password and the caller's date and time

    @A-7
    Scenario Outline: Issue Token without <field> is rejected naming it
      When the partner requests a token without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field     |
        | password  |
        | localDate |
        | localTime |
