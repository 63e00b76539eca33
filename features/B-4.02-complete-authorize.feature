@B-4.2
Feature: Complete Authorize (B-4.2)
  The partner completes an initiated payment with the authorizationToken of
  Init Authorize; the payment is AUTHORIZED (B-3), and processedAmount and
  processedCurrCode are returned: the amount returned by the acquirer, whose
  value the suite does not compare with the amount sent.

  Rule: Completing the authorization authorizes the payment

    @B-3 @B-4.2#1 @B-4.2#5 @B-3#3 @B-3#4
    Scenario: An initiated payment is AUTHORIZED
      Given the partner has a received guest payment
      When the partner completes the authorization
      Then the call succeeds
      And the response's statusCode is "AUTHORIZED"
      And the response carries the amount and currency returned by the acquirer
      And the response echoes partnerReference

    @advisory @B-4.2#6
    Scenario: An authorizationToken Init Authorize did not return is not a success
      Given the partner has a received guest payment
      When the partner completes the authorization with authorizationToken set to "not-issued-by-init-authorize"
      Then the call is not a success

  Rule: With a different billing address, its fields are required

    @B-4.2#3
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

    @B-4.2#3
    Scenario: Complete Authorize with a different billing address is accepted
      Given the partner has a received guest payment
      When the partner completes the authorization with a different billing address
      Then the call succeeds

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @B-4.2#2
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

    @B-4.2#4
    Scenario: An externalChannelReference of 101 characters is a handled error
      Given the partner has a received guest payment
      When the partner completes the authorization with externalChannelReference of 101 characters
      Then the call fails as a handled error
