@A-4.7
Feature: Complete Add Stored Payment Option (A-4.7)
  The partner completes storing the payment option with the
  authorizationToken of Init Add (A-4.6; the sandbox flow the suite assumes);
  the service answers 201 with the stored option's reference and the issuer
  country, and the option is then listed by Get Stored Payment Options
  (A-4.13) with the fields of A-2.6.

  Rule: Completing the add stores the option

    @A-4.7#1 @A-4.7#6 @A-4.7#7 @A-4.7#8
    Scenario: The payment option is stored
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option
      Then the call succeeds
      And the response carries a storedPaymentOptionReference of at most 36 characters
      And the response carries the issuer country in alpha-2 and alpha-3
      And the response echoes partnerReference and programCode

    @A-4.13 @A-2.6 @A-4.13#4 @A-2.6#1 @A-2.6#2 @A-2.6#3 @A-2.6#6
    Scenario: The stored option is listed with the fields of a stored payment option
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option
      Then the call succeeds
      And the payment option is listed among the stored payment options
      And the stored payment option's carrierNumber is masked

  Rule: With a different billing address, its fields are required and become the option's billing address

    @A-4.7#4
    Scenario Outline: Complete Add with a different billing address but without <field> is rejected
      Given the partner has created an account
      And the partner has started adding a payment option with a different billing address
      When the partner completes adding the payment option with a different billing address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | addr1            |
        | city             |
        | countryCode      |
        | postCode         |
        | emailAddress     |

    @A-2.6 @A-4.7#5
    Scenario: The billing address given becomes the billing address of the stored option
      Given the partner has created an account
      And the partner has started adding a payment option with a different billing address
      When the partner completes adding the payment option with a different billing address
      Then the call succeeds
      And the stored payment option carries the billing address given as its billing address

    @A-4.7#4 @A-4.6 @A-4.6#5
    Scenario: Complete Add with the owner's address for billing needs no billing fields
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option with the owner's address for billing
      Then the call succeeds

  Rule: The authorizationToken is the one Init Add issued, used once

    @advisory @A-4.7#9
    Scenario: An authorizationToken that Init Add did not issue is not a success
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option with an authorizationToken Init Add did not issue
      Then the call is not a success

    @advisory @A-4.7#9
    Scenario: The authorizationToken of a completed add is not accepted again
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner completes adding the payment option
      Then the call is not a success

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @A-4.7#2
    Scenario Outline: Complete Add without <field> is rejected naming it
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                      |
        | partnerReference           |
        | programCode                |
        | accnoType                  |
        | authorizationToken         |
        | useDifferentBillingAddress |
        | localDate                  |
        | localTime                  |

    @A-4.7#3
    Scenario: Complete Add with an externalChannelReference of 101 characters is a handled error
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option with externalChannelReference of 101 characters
      Then the call fails as a handled error
