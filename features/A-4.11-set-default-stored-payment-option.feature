@A-4.11
Feature: Set Default Stored Payment Option (A-4.11)
  The partner makes one stored payment option the account's default. The
  operation's success HTTP status is not shown by the spec, so a success is
  responseCode 0000 with 200 or 201, the statuses A-7 pairs with 0000. That the previous default stops being one
  is implied by "the default", not stated: the suite warns when it does not.

  Rule: The option becomes the default

    @A-2.6 @A-4.11#3 @A-4.11#4 @A-4.11#6
    Scenario: The stored payment option becomes the default
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner makes the payment option the default
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response names the account of the call in accno
      And the first payment option is the default, and the only one (advisory)

    @A-2.6 @A-4.11#3 @A-4.11#4
    Scenario: The default moves from one stored option to another
      Given the partner has created an account
      And the partner has stored two payment options
      And the partner has made the first payment option the default
      When the partner makes the second payment option the default
      Then the call succeeds
      And the second payment option is the default, and the only one (advisory)

    @advisory @A-4.11#5
    Scenario: Making an option the account does not have the default is a handled error
      Given the partner has created an account
      And the partner uses a stored payment option reference the account does not have
      When the partner makes the payment option the default
      Then the call fails as a handled error

  Rule: Every mandatory field is required

    @A-7 @A-4.11#2
    Scenario Outline: Set Default without <field> is rejected naming it
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner makes the payment option the default without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |
