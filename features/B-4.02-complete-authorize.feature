@B-4.2
Feature: Complete Authorize (B-4.2)
  The partner completes an initiated payment with the authorizationToken of
  Init Authorize; the payment is AUTHORIZED (B-3) with the amount returned by
  the acquirer.

  Rule: Completing the authorization authorizes the payment

    @B-3
    Scenario: An initiated payment is AUTHORIZED
      Given the partner has a received guest payment
      When the partner completes the authorization
      Then the call succeeds
      And the response's statusCode is "AUTHORIZED"
      And the response's processedAmount is 25.00
      And the response's processedCurrCode is the profile's currency
      And the response echoes partnerReference

  Rule: With a different billing address, its fields are required

    Scenario Outline: Complete Authorize with useDifferentBillingAddress true but without <field> is rejected
      Given the partner has a received guest payment
      When the partner completes the authorization with a different billing address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | addr1            |
        | city             |
        | countryCode      |
        | postCode         |

    Scenario: Complete Authorize with a different billing address is accepted
      Given the partner has a received guest payment
      When the partner completes the authorization with a different billing address
      Then the call succeeds

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Complete Authorize without <field> is rejected naming it
      Given the partner has a received guest payment
      When the partner completes the authorization without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field              |
        | partnerReference   |
        | authorizationToken |
        | localDate          |
        | localTime          |
