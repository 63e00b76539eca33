@B-4.18
Feature: KC-Refund (B-4.18)
  The partner refunds a captured wallet payment; the service answers 200
  with every response field B-4.18 lists, the wallet is credited back, a
  refund is not above the captured amount, an omitted refundAmount refunds
  all of it, and the payment's statusCode stays CAPTURED (B-3). The bound is
  worded per call: that refunds together stay within the captured amount is
  implied, and checked as advice.

  Rule: A refund credits the wallet and leaves the payment CAPTURED

    @B-3 @B-2.4 @B-4.18#1 @B-4.18#5 @B-4.18#7 @B-3#57 @B-2.4#2
    Scenario: A captured wallet payment is refunded in part
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has noted the account's balance
      When the partner refunds 5.00 of the wallet payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the booked and available balances have risen by exactly 5.00 and the blocked amount is unchanged

    @advisory @B-4.18#8
    Scenario: A refund names the merchant account as its source and the wallet as accno
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      When the partner refunds 5.00 of the wallet payment
      Then the call succeeds
      And the response names the merchant account as the refund's source and the wallet as accno (advisory)

    @B-2.4 @B-4.18#4
    Scenario: A refund without refundAmount refunds the whole payment
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has noted the account's balance
      When the partner refunds the wallet payment
      Then the call succeeds
      And the booked and available balances have risen by exactly 20.00 and the blocked amount is unchanged

    @B-2.4 @B-4.18#5
    Scenario: A refund of a KC-Capture is credited back
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      And the partner has captured the wallet payment
      And the partner has noted the account's balance
      When the partner refunds 10.00 of the wallet payment
      Then the call succeeds
      And the booked and available balances have risen by exactly 10.00 and the blocked amount is unchanged

  Rule: A refund is not above the captured amount

    @A-7 @B-2.4 @B-4.18#3 @A-7#6
    Scenario: A refund above the captured amount is not a success and changes no balance
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has noted the account's balance
      When the partner refunds 25.00 of the wallet payment
      Then the call is not a success
      And the balance is unchanged

    @advisory @B-4.18#6
    Scenario: Partial refunds beyond the captured amount are not a success
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      And the partner has refunded 15.00 of the wallet payment
      When the partner refunds 10.00 of the wallet payment
      Then the call is not a success

  Rule: refundCurrCode, refundUsage and refundType are at most their length

    @A-2.0 @A-2.0#1 @B-4.18#9
    Scenario: A refund with a refundUsage of 255 characters is accepted
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      When the partner refunds the wallet payment with refundUsage of 255 characters
      Then the call succeeds

    @A-7 @A-2.0 @A-2.0#2 @A-7#7 @B-4.18#9
    Scenario Outline: A refund with a <field> of <length> characters is refused
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has debited 20.00 from the account for the merchant
      When the partner refunds the wallet payment with <field> of <length> characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

      Examples:
        | field          | length |
        | refundCurrCode | 4      |
        | refundUsage    | 256    |
        | refundType     | 2      |

  Rule: Every mandatory field is required

    @A-7 @B-4.18#2
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
