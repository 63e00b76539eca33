@B-4.6
Feature: Cancel (B-4.6)
  The partner cancels an AUTHORIZED payment; the service answers 201 with
  the payment CANCELLED (B-3).

  Rule: An authorized payment is cancelled

    @B-3 @B-4.6#1 @B-4.6#4 @B-3#12
    Scenario: An authorized payment is CANCELLED
      Given the partner has an authorized guest payment
      When the partner cancels the payment
      Then the call succeeds
      And the response's statusCode is "CANCELLED"
      And the response echoes partnerReference
      And the payment's status reads CANCELLED

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @B-4.6#2
    Scenario Outline: Cancel without <field> is rejected naming it
      Given the partner has an authorized guest payment
      When the partner cancels the payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |

    @B-4.6#3
    Scenario: A custom1 of 256 characters is a handled error
      Given the partner has an authorized guest payment
      When the partner cancels the payment with custom1 of 256 characters
      Then the call fails as a handled error
