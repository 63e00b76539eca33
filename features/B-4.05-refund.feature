@B-4.5
Feature: Refund (B-4.5)
  The partner refunds a CAPTURED payment, in whole or in part; a refundAmount
  cannot exceed the refunded transaction amount, an omitted refundAmount
  refunds the whole amount, and the payment's statusCode stays CAPTURED
  (B-3). The bound is worded per call: that refunds together, or a refund of
  a partly captured payment, stay within what was captured is implied, and
  the suite only warns when they do not.

  Rule: A refund leaves the payment CAPTURED

    @B-3 @B-4.5#1 @B-4.5#4 @B-4.5#9 @B-3#10
    Scenario: A captured payment is refunded and stays CAPTURED
      Given the partner has a captured payment
      When the partner refunds 10.00 of the payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the response's refundAmount is 10.00
      And the payment's status reads CAPTURED

  Rule: An omitted refundAmount refunds the whole amount

    @B-4.5#7
    Scenario: A refund without refundAmount refunds the captured amount
      Given the partner has a captured payment
      When the partner refunds the payment
      Then the call succeeds
      And the response's refundAmount is 25.00

  Rule: A refundAmount cannot exceed the refunded transaction amount

    @A-7 @B-3 @B-4.5#4 @A-7#6 @B-3#25
    Scenario: A refund above the captured amount is not a success
      Given the partner has a captured payment
      When the partner refunds 30.00 of the payment
      Then the call is not a success
      And the payment's status still reads CAPTURED (advisory)

    @B-4.5#4
    Scenario: Partial refunds up to the captured amount are accepted
      Given the partner has a captured payment
      And the partner has refunded 15.00 of the payment
      When the partner refunds 10.00 of the payment
      Then the call succeeds
      And the response's refundAmount is 10.00

    @B-4.5#5
    Scenario: Partial refunds beyond the captured amount in sum are refused, as the spec implies
      Given the partner has a captured payment
      And the partner has refunded 15.00 of the payment
      When the partner refunds 15.00 of the payment
      Then the refund is refused (advisory), as the refunds together would exceed the captured amount

    @B-4.5#6
    Scenario: A refund above the captured part of a partly captured payment is refused, as the spec implies
      Given the partner has an authorized guest payment
      And the partner has captured 10.00 of the payment
      When the partner refunds 20.00 of the payment
      Then the refund is refused (advisory), as it exceeds the captured part

  Rule: refundSourceAccno names a target account of the payment

    @B-4.5#8
    Scenario: A refund taken from an account that is no target of the payment is a handled error
      Given the partner has created an account
      And the partner has a captured payment
      When the partner refunds the payment taking it from an account that is no target of the payment
      Then the call fails as a handled error

  Rule: Amounts have at most two decimals, texts at most their length

    @A-7 @A-2.0 @A-2.0#6 @B-4.5#3
    Scenario: A refundAmount with three decimals is a handled error
      Given the partner has a captured payment
      When the partner refunds the payment with refundAmount set to 1.001
      Then the call fails as a handled error

    @B-4.5#3
    Scenario: A refundType of two characters is a handled error
      Given the partner has a captured payment
      When the partner refunds the payment with refundType of 2 characters
      Then the call fails as a handled error

  Rule: Every mandatory field is required

    @A-7 @B-4.5#2
    Scenario Outline: Refund without <field> is rejected naming it
      Given the partner has a captured payment
      When the partner refunds the payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
