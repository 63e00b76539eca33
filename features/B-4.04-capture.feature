@B-4.4
Feature: Capture (B-4.4)
  The partner captures an AUTHORIZED payment, the whole amount or a part of
  it (modifiedAmount); the service answers 201 with the payment CAPTURED
  (B-3).

  Rule: An authorized payment is captured

    @B-3
    Scenario: A payment authorized by Init and Complete Authorize is CAPTURED
      Given the partner has an authorized guest payment
      When the partner captures the payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the response's modifiedAmount is 25.00
      And the response echoes partnerReference

    @B-3
    Scenario: A payment authorized by Authorize is CAPTURED
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has an authorized payment with the stored payment option
      When the partner captures the payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"

    Scenario: A part of the authorized amount is captured
      Given the partner has an authorized guest payment
      When the partner captures 10.00 of the payment
      Then the call succeeds
      And the response's modifiedAmount is 10.00
      And the payment's status reads CAPTURED

  Rule: Amounts have at most two decimals

    @A-7 @A-2.0
    Scenario: A modifiedAmount with three decimals is a syntax error
      Given the partner has an authorized guest payment
      When the partner captures the payment with modifiedAmount set to 10.005
      Then the call is rejected as a syntax error

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Capture without <field> is rejected naming it
      Given the partner has an authorized guest payment
      When the partner captures the payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
