@B-4.10
Feature: Find User Account (B-4.10)
  The partner finds an account by a user identifier: an e-mail address, a
  login, a secondary e-mail address or a uuid; the service answers 200 with
  the account's accno, partnerReference and programCode. The suite finds by
  the e-mail address and the login ID it gave at Create Account (A-4.2); no
  operation of the spec gives an account a secondary e-mail address or shows
  its uuid, so those forms are not checked.

  Rule: An account is found by its e-mail address or login ID

    @B-4.10#2 @B-4.10#3 @B-4.10#5
    Scenario: The account is found by its e-mail address
      Given the partner has created an account
      When the partner finds the user account by e-mail address
      Then the call succeeds
      And the response names the account's accno
      And the response echoes partnerReference and programCode

    @B-4.10#3
    Scenario: The account is found by its login ID
      Given the partner has created an account
      When the partner finds the user account by login ID
      Then the call succeeds
      And the response names the account's accno

  Rule: Every parameter is required

    @A-7 @B-4.10#1
    Scenario Outline: Find User Account without <field> is rejected naming it
      Given the partner has created an account
      When the partner finds the user account by e-mail address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | userId           |
        | localDate        |
        | localTime        |
