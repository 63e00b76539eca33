@B-4.18
Feature: KC-Refund (B-4.18)
  The partner refunds a captured wallet payment; the wallet is credited back,
  refunds add up to at most the captured amount, an omitted refundAmount
  refunds all of it, and the payment's statusCode stays CAPTURED (B-3).

  Rule: A refund credits the wallet and leaves the payment CAPTURED

    @B-3 @B-2.4
    Scenario: A captured wallet payment is refunded in part
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has noted the account's balance
      When the partner refunds 5.00 of the wallet payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the booked balance has risen by exactly 5.00

    @B-2.4
    Scenario: A refund without refundAmount refunds the whole payment
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has noted the account's balance
      When the partner refunds the wallet payment
      Then the call succeeds
      And the booked balance has risen by exactly 20.00

    @B-2.4
    Scenario: A refund of a KC-Capture is credited back
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      And the partner has captured the wallet payment
      And the partner has noted the account's balance
      When the partner refunds 10.00 of the wallet payment
      Then the call succeeds
      And the booked balance has risen by exactly 10.00

  Rule: Refunds add up to at most the captured amount

    @B-2.4
    Scenario: A refund above the captured amount is not a success and changes no balance
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has noted the account's balance
      When the partner refunds 25.00 of the wallet payment
      Then the call is not a success
      And the balance is unchanged

    Scenario: Partial refunds beyond the captured amount are not a success
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has refunded 15.00 of the wallet payment
      When the partner refunds 10.00 of the wallet payment
      Then the call is not a success

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: KC-Refund without <field> is rejected naming it
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      When the partner refunds the wallet payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
