@B-4.13
Feature: Balance Enquiry (B-4.13)
  The partner reads a wallet's balance (B-2.4): the available balance avlBal
  is the booked balance bkBal minus the blocked amount blkAmt, at every
  point, and bkBal is the previous day's closing balance psBal plus the
  day's deposits. A wallet is loaded by an external payment authorized with
  its accno and then captured (B-3: Capture internally performs Load
  Account).

  Rule: The balance carries its fields

    @B-2.4 @B-2.4#1 @B-4.13#2 @B-4.13#3
    Scenario: The balance of a new account is read
      Given the partner has created an account
      When the partner reads the balance
      Then the call succeeds
      And the response echoes partnerReference
      And the response's currCode is the profile's currency

  Rule: The booked balance is the previous closing balance plus the day's deposits

    @B-2.4 @B-2.4#2 @B-2.4#3
    Scenario: The booked balance of a wallet loaded today is its previous close plus today's loads
      Given the partner has created an account
      And the account has been loaded with 15.00 and 25.00
      When the partner reads the balance
      Then the call succeeds
      And bkBal is psBal plus the day's deposits

  Rule: Capturing a payment authorized with accno loads the wallet

    @B-3 @B-4.4 @B-2.4 @B-2.3 @B-3#9 @B-3#23 @B-2.4#2 @B-2.3#5
    Scenario: The booked balance rises by exactly the captured amount
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has noted the account's balance
      When the partner captures the payment
      Then the call succeeds
      And the wallet is loaded with the amount the capture answered, the amount captured (advisory)
      And an entry of 40.00 appears among the account entries (advisory)

    @B-3 @B-4.4 @B-2.4 @B-3#9 @B-3#23
    Scenario: A partial capture loads the wallet with the captured part only
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has noted the account's balance
      When the partner captures 15.00 of the payment
      Then the call succeeds
      And the response's modifiedAmount is 15.00
      And the wallet is loaded with the amount the capture answered, the amount captured (advisory)

  Rule: Every parameter is required

    @A-7 @B-4.13#1
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
