@B-4.3
Feature: Authorize (B-4.3)
  The partner authorizes a payment with a stored payment option in one call;
  the service answers 201 with the payment AUTHORIZED (B-3).

  Background:
    Given the partner has created an account
    And the partner has stored a payment option

  Rule: A payment with a stored option is authorized at once

    @B-3
    Scenario: A payment is AUTHORIZED with the stored payment option
      When the partner authorizes a payment with the stored payment option
      Then the call succeeds
      And the response's statusCode is "AUTHORIZED"
      And the response carries a uniqueReference of at most 36 characters
      And the response's processedAmount is 25.00
      And the response echoes partnerReference

  Rule: With a different billing address, its fields are required; without, the option's or the owner's address is used

    Scenario Outline: Authorize with a different billing address but without <field> is rejected
      When the partner authorizes a payment with the stored payment option with a different billing address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | addr1            |
        | city             |
        | countryCode      |
        | postCode         |
        | emailAddress     |

    Scenario: Authorize with a different billing address is accepted
      When the partner authorizes a payment with the stored payment option with a different billing address
      Then the call succeeds

    Scenario: Authorize without a different billing address needs no billing fields
      When the partner authorizes a payment with the stored payment option
      Then the call succeeds

    @B-2.5
    Scenario: Authorize with criteria is accepted
      When the partner authorizes a payment with the stored payment option with criteria
      Then the call succeeds

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: Authorize without <field> is rejected naming it
      When the partner authorizes a payment with the stored payment option without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                        |
        | partnerReference             |
        | programAccno                 |
        | storedPaymentOptionReference |
        | presentationAmount           |
        | presentationCurrCode         |
        | presentationUsage            |
        | useDifferentBillingAddress   |
        | localDate                    |
        | localTime                    |
