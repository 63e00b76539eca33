@B-4.7
Feature: Get Payment Status (B-4.7)
  The partner reads a payment: its amount, usage, the billing address used
  and its statusCode, agreeing with what was authorized. Every field the
  response lists is present; the address fields of a payment without one
  may be null.

  Rule: The status agrees with what was authorized

    @B-2.1 @B-4.7#1 @B-4.7#3 @B-4.7#4 @B-2.1#6
    Scenario: The status of a guest payment shows its amount and billing address
      Given the partner has a received guest payment
      When the partner reads the payment status
      Then the call succeeds
      And the response echoes partnerReference
      And the payment status agrees with what was authorized

    @B-4.7#4
    Scenario: The status of a captured payment reads CAPTURED
      Given the partner has a captured payment
      When the partner reads the payment status
      Then the call succeeds
      And the response's statusCode is "CAPTURED"

  Rule: After a partial capture the status and the capture's answer agree

    @B-2.1 @B-3 @B-4.7#4 @B-4.7#5 @B-3#7 @B-2.1#7
    Scenario: After a capture of part of the amount, the status reads CAPTURED with the amount authorized
      Given the partner has an authorized guest payment
      And the partner has captured 10.00 of the payment
      When the partner reads the payment status
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the payment status agrees with what was authorized

  Rule: Every parameter is required

    @A-7 @B-4.7#2
    Scenario Outline: Get Payment Status without <field> is rejected naming it
      Given the partner has a received guest payment
      When the partner reads the payment status without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
