@A-4.9
Feature: Complete Verify Stored Payment Option (A-4.9)
  The partner completes the verification with the payment option
  verification code, N(6). The suite sends the code the profile names for the
  target's sandbox (sandbox.verificationCode).

  Rule: The right verification code completes the verification

    @A-4.9#1 @A-4.9#4 @A-4.9#5 @A-2.0 @A-2.0#8
    Scenario: Verifying the stored payment option is completed
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response names the account of the call in accno

    @advisory @A-2.6 @A-2.6#4
    Scenario: A verified option reads VERIFIED
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option
      Then the call succeeds
      And the payment option reads VERIFIED (advisory)

  Rule: A wrong verification code does not verify

    @A-7 @A-4.9#4 @A-7#6
    Scenario: A wrong verification code is not a success
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option with a wrong verification code
      Then the call is not a success

    @A-7 @A-4.9#3
    Scenario: A verification code of seven digits is a handled error
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option with the verification code and one digit more
      Then the call fails as a handled error

  Rule: Every mandatory field is required

    @A-7 @A-4.9#2
    Scenario Outline: Complete Verify without <field> is rejected naming it
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | verificationCode |
        | localDate        |
        | localTime        |
