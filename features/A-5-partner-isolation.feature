@A-5 @advisory @A-5#8
Feature: One partner cannot reach another's wallets (A-5, implied)
  The spec requires a token on every call but does not state that a
  partner's token reaches only its own accounts. A serious implementation
  keeps partners apart, so these scenarios are advisory: a failure is a
  warning, never a failed verdict. They need the profile's secondPartner
  credentials and are skipped without them.

  Rule: Another partner's token does not open an account

    @A-4.4
    Scenario: Another partner cannot read the account information
      Given the partner has created an account
      When the second partner reads the account information
      Then the call is not a success

    @B-4.13
    Scenario: Another partner cannot read the balance
      Given the partner has created an account
      When the second partner reads the balance
      Then the call is not a success

  Rule: Another partner's token does not move an account's money

    @B-4.15
    Scenario: Another partner cannot debit the wallet
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      When the second partner debits 10.00 from the account for the merchant
      Then the call is not a success
      And the balance is unchanged
