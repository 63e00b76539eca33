@B-4.13
Feature: Balance Enquiry (B-4.13)
  The partner reads a wallet's balance (B-2.4): the available balance avlBal
  is the booked balance bkBal minus the blocked amount blkAmt, at every point.
  A wallet is loaded by an external payment authorized with its accno and
  then captured (B-3: Capture internally performs Load Account).

  Rule: The balance carries its fields and avlBal is bkBal minus blkAmt

    @B-2.4
    Scenario: The balance of a new account is read
      Given the partner has created an account
      When the partner reads the balance
      Then the call succeeds
      And the response echoes partnerReference
      And the response's currCode is the profile's currency

  Rule: Capturing a payment authorized with accno loads the wallet

    @B-3 @B-4.4 @B-2.4
    Scenario: The booked balance rises by exactly the captured amount
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has noted the account's balance
      When the partner captures the payment
      Then the call succeeds
      And the booked balance has risen by exactly 40.00
      And an entry of 40.00 appears among the account entries

    @B-3 @B-4.4 @B-2.4
    Scenario: A partial capture loads the wallet with the captured part only
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has noted the account's balance
      When the partner captures 15.00 of the payment
      Then the call succeeds
      And the booked balance has risen by exactly 15.00

  Rule: Every parameter is required

    @A-7
    Scenario Outline: Balance Enquiry without <field> is rejected naming it
      Given the partner has created an account
      When the partner reads the balance without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |
