@A-4.1
Feature: Issue Token (A-4.1)
  The partner obtains an authentication token with its user identifier and
  password and its local date and time; the token and its expiry are
  described in A-2.3. Issue Token is the one operation called without an
  X-Auth-Token, and its body lists no partnerReference.

  Rule: Valid credentials give a token with its expiry

    @A-2.3 @A-5 @A-4.1#1 @A-4.1#3 @A-2.3#1 @A-2.3#2 @A-5#1 @A-5#2 @A-5#3
    Scenario: A token is issued with validUntil in UTC with milliseconds
      When the partner requests a token
      Then the call succeeds
      And the response carries a token valid until a UTC timestamp with milliseconds

  Rule: A wrong password gives no token

    @A-5 @A-5#1 @A-7 @A-7#6
    Scenario: A wrong password is not a success
      When the partner requests a token with a wrong password
      Then the call is not a success

  Rule: The token request needs the password and the caller's date and time

    @A-7 @A-4.1#2 @A-7#3 @A-7#4
    Scenario Outline: Issue Token without <field> is rejected naming it
      When the partner requests a token without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples: Issue Token's own field
        | field    |
        | password |

      @A-2.1 @A-2.1#1
      Examples: The request envelope
        | field     |
        | localDate |
        | localTime |
