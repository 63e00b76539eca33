@A-4.8
Feature: Init Verify Stored Payment Option (A-4.8)
  The partner starts verifying a stored payment option. The request carries
  programAccno, not programCode. The operation's success HTTP status is not
  shown by the spec, so a success is responseCode 0000 with 200 or 201, the
  statuses A-7 pairs with 0000.

  Rule: A valid request starts the verification

    @A-4.8#3
    Scenario: Verifying a stored payment option is started
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner starts verifying the payment option
      Then the call succeeds
      And the response echoes partnerReference
      And the response names the account of the call in accno

  Rule: Every mandatory field is required

    @A-7 @A-4.8#2
    Scenario Outline: Init Verify without <field> is rejected naming it
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner starts verifying the payment option without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programAccno     |
        | accnoType        |
        | localDate        |
        | localTime        |

  Rule: Only a stored option of the account can be verified

    @advisory @A-4.8#4
    Scenario: Init Verify of an option the account does not have is a handled error
      Given the partner has created an account
      And the partner uses a stored payment option reference the account does not have
      When the partner starts verifying the payment option
      Then the call fails as a handled error
