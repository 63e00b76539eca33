@B-4.3
Feature: Authorize (B-4.3)
  The partner authorizes a payment with a stored payment option in one call;
  the service answers 201 with the payment AUTHORIZED (B-3). Its
  processedAmount is the acquirer's and not compared with the amount sent.

  Background:
    Given the partner has created an account
    And the partner has stored a verified payment option

  Rule: A payment with a stored option is authorized at once

    @B-3 @B-2.1 @B-4.3#1 @B-4.3#7 @B-3#6 @B-2.1#5
    Scenario: A payment is AUTHORIZED with the stored payment option
      When the partner authorizes a payment with the stored payment option
      Then the call succeeds
      And the response's statusCode is "AUTHORIZED"
      And the response carries a uniqueReference of at most 36 characters
      And the response echoes partnerReference

  Rule: With a different billing address, its fields are required; without, the option's or the owner's address is used

    @B-4.3#5
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

    @B-4.3#5
    Scenario: Authorize with a different billing address is accepted
      When the partner authorizes a payment with the stored payment option with a different billing address
      Then the call succeeds

    @B-4.3#6
    Scenario: Authorize without a different billing address needs no billing fields
      When the partner authorizes a payment with the stored payment option
      Then the call succeeds

    @B-4.7 @B-4.3#6
    Scenario: Authorize without a different billing address uses the stored option's billing address
      Given the partner has stored a verified payment option with a different billing address
      When the partner authorizes a payment with the stored payment option
      Then the call succeeds
      And the payment status shows the stored payment option's billing address

  Rule: accnoType is required only when accno is given

    @B-4.3#4
    Scenario: Authorize with accno but without accnoType is rejected naming accnoType
      When the partner authorizes a payment with the stored payment option to load the account without accnoType
      Then the call is rejected as a syntax error naming accnoType

  Rule: A payment may carry criteria, name and value pairs

    @B-2.5 @B-2.5#1
    Scenario: Authorize with criteria is accepted
      When the partner authorizes a payment with the stored payment option with criteria
      Then the call succeeds

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @B-4.3#2
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

    @B-4.3#3
    Scenario: A presentationUsage of 128 characters is a handled error
      When the partner authorizes a payment with the stored payment option with presentationUsage of 128 characters
      Then the call fails as a handled error
