@A-4.6
Feature: Init Add Stored Payment Option (A-4.6)
  The partner starts storing a payment option on an account; the service
  answers with an authorizationToken issued by the external payment provider.
  The provider's part of the flow is not shown by the spec: the suite assumes
  the sandbox flow in which the authorizationToken returned here is what
  Complete Add (A-4.7) sends.

  Rule: A valid request starts adding the option

    @A-4.6#1 @A-4.6#6 @A-4.6#7
    Scenario: Adding a payment option is started
      Given the partner has created an account
      When the partner starts adding a payment option
      Then the call succeeds
      And the response carries an authorizationToken of at most 8192 characters
      And the response echoes partnerReference and programCode

  Rule: With a different billing address, its fields are required; without, the owner's address is used

    @A-4.6#4
    Scenario Outline: Init Add with a different billing address but without <field> is rejected
      Given the partner has created an account
      When the partner starts adding a payment option with a different billing address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | addr1            |
        | city             |
        | countryCode      |
        | postCode         |
        | emailAddress     |

    @A-4.6#4
    Scenario: Init Add with a different billing address is accepted
      Given the partner has created an account
      When the partner starts adding a payment option with a different billing address
      Then the call succeeds

    @A-4.6#5
    Scenario: Init Add with the owner's address for billing needs no billing fields
      Given the partner has created an account
      When the partner starts adding a payment option with the owner's address for billing
      Then the call succeeds

    @A-4.7 @A-2.6 @A-4.6#5
    Scenario: The owner's address becomes the billing address of the stored option
      Given the partner has created an account
      And the partner has stored a payment option with the owner's address for billing
      When the partner lists the stored payment options
      Then the call succeeds
      And the stored payment option carries the account owner's address as its billing address

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @A-4.6#2
    Scenario Outline: Init Add without <field> is rejected naming it
      Given the partner has created an account
      When the partner starts adding a payment option without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                      |
        | partnerReference           |
        | programCode                |
        | accnoType                  |
        | useDifferentBillingAddress |
        | localDate                  |
        | localTime                  |

    @A-4.6#3
    Scenario: Init Add with an externalChannelReference of 101 characters is a handled error
      Given the partner has created an account
      When the partner starts adding a payment option with externalChannelReference of 101 characters
      Then the call fails as a handled error

  Rule: A closed account takes no new payment option

    @A-3
    Scenario: Init Add on a closed account is a handled error
      Given the partner has created an account
      And the partner has closed the account
      When the partner starts adding a payment option
      Then the call fails as a handled error
