@A-4.5
Feature: Close Account (A-4.5)
  The partner closes an account, giving a reason; the account becomes
  CLOSED (A-3). The partner may ask for the account's data to be deleted,
  naming the deletion request in its own system, and may name a stored
  payment option of the account as the payout target of its balance.

  Rule: A valid request closes the account

    @A-4.5#1 @A-4.5#7
    Scenario: The account is closed
      Given the partner has created an account
      When the partner closes the account
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response's dateClosed is a date

  Rule: The partner may ask for the account's data to be deleted

    @A-4.5#3 @A-2.0 @A-2.0#1
    Scenario: Close Account asking for the data to be deleted is accepted
      Given the partner has created an account
      When the partner closes the account asking for its data to be deleted
      Then the call succeeds
      And the response's statusCode is "CLOSED"

  Rule: The partner may name a stored payment option for the payout of the balance

    @A-4.5#4
    Scenario: Close Account naming a stored payment option for the payout is accepted
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner closes the account naming the stored payment option for the payout of its balance
      Then the call succeeds
      And the response's statusCode is "CLOSED"

    @advisory @A-4.5#5
    Scenario: Close Account naming a payment option the account does not have is refused
      Given the partner has created an account
      When the partner closes the account naming a payment option it does not have for the payout of its balance
      Then a payout option the account does not have is refused (advisory)

  Rule: Every mandatory field is required

    @A-7 @A-4.5#2 @A-7#3 @A-7#4
    Scenario Outline: Close Account without <field> is rejected naming it
      Given the partner has created an account
      When the partner closes the account without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples: Close Account's own fields
        | field         |
        | programCode   |
        | accnoType     |
        | closingReason |

      @A-2.1 @A-2.1#1
      Examples: The request envelope
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
