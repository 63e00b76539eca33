@B-4.5
Feature: Refund (B-4.5)
  The partner refunds a CAPTURED payment, in whole or in part; the refunds
  cannot exceed the captured amount, an omitted refundAmount refunds the
  whole amount, and the payment's statusCode stays CAPTURED (B-3).

  Rule: A refund leaves the payment CAPTURED

    @B-3
    Scenario: A captured payment is refunded and stays CAPTURED
      Given the partner has a captured payment
      When the partner refunds 10.00 of the payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the response's refundAmount is 10.00
      And the payment's status reads CAPTURED

  Rule: An omitted refundAmount refunds the whole amount

    Scenario: A refund without refundAmount refunds the captured amount
      Given the partner has a captured payment
      When the partner refunds the payment
      Then the call succeeds
      And the response's refundAmount is 25.00

  Rule: Refunds add up to at most the captured amount

    Scenario: A refund above the captured amount is not a success
      Given the partner has a captured payment
      When the partner refunds 30.00 of the payment
      Then the call is not a success
      And the payment's status reads CAPTURED

    Scenario: Partial refunds up to the captured amount are accepted
      Given the partner has a captured payment
      And the partner has refunded 15.00 of the payment
      When the partner refunds 10.00 of the payment
      Then the call succeeds
      And the response's refundAmount is 10.00

    Scenario: Partial refunds beyond the captured amount are not a success
      Given the partner has a captured payment
      And the partner has refunded 15.00 of the payment
      When the partner refunds 15.00 of the payment
      Then the call is not a success

    Scenario: A refund of a partly captured payment is bounded by the captured part
      Given the partner has an authorized guest payment
      And the partner has captured 10.00 of the payment
      When the partner refunds 20.00 of the payment
      Then the call is not a success

  Rule: Amounts have at most two decimals

    @A-7 @A-2.0
    Scenario: A refundAmount with three decimals is a syntax error
      Given the partner has a captured payment
      When the partner refunds the payment with refundAmount set to 1.001
      Then the call is rejected as a syntax error

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Refund without <field> is rejected naming it
      Given the partner has a captured payment
      When the partner refunds the payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
