@B-4.4
Feature: Capture (B-4.4)
  The partner captures an AUTHORIZED payment, the whole amount or a part of
  it (modifiedAmount); the service answers 201 with the payment CAPTURED
  (B-3), and a payment authorized with accno loads that wallet with the
  amount captured. What a Capture without modifiedAmount captures is not
  stated: the suite warns when it is not the whole authorized amount.

  Rule: An authorized payment is captured

    @B-3 @B-4.4#1 @B-4.4#5 @B-4.4#6 @B-3#7
    Scenario: A payment authorized by Init and Complete Authorize is CAPTURED
      Given the partner has an authorized guest payment
      When the partner captures the payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the whole authorized amount is captured (advisory)
      And the response echoes partnerReference

    @B-3 @B-3#7
    Scenario: A payment authorized by Authorize is CAPTURED
      Given the partner has created an account
      And the partner has stored a verified payment option
      And the partner has an authorized payment with the stored payment option
      When the partner captures the payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"

    @B-3 @B-4.4#4 @B-3#7
    Scenario: A part of the authorized amount is captured
      Given the partner has an authorized guest payment
      When the partner captures 10.00 of the payment
      Then the call succeeds
      And the response's modifiedAmount is 10.00
      And the payment's status reads CAPTURED

  Rule: Capturing a payment authorized with accno loads the wallet with the amount captured

    @B-3 @B-3#9 @B-3#23
    Scenario: Capturing a part of a payment authorized with accno loads the wallet with that part
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has noted the account's balance
      When the partner captures 15.00 of the payment
      Then the call succeeds
      And the response's modifiedAmount is 15.00
      And the wallet is loaded with the amount the capture answered, the amount captured (advisory)

    @B-3 @B-3#9 @B-3#23 @B-4.3
    Scenario: Capturing a payment authorized by Authorize with accno loads the wallet too
      Given the partner has created an account
      And the partner has stored a verified payment option
      And the partner has a payment of 40.00 authorized with the stored payment option to load the account
      And the partner has noted the account's balance
      When the partner captures 15.00 of the payment
      Then the call succeeds
      And the response's modifiedAmount is 15.00
      And the wallet is loaded with the amount the capture answered, the amount captured (advisory)

  Rule: Amounts have at most two decimals, texts at most their length

    @A-7 @A-2.0 @A-2.0#6 @B-4.4#3
    Scenario: A modifiedAmount with three decimals is a handled error
      Given the partner has an authorized guest payment
      When the partner captures the payment with modifiedAmount set to 10.005
      Then the call fails as a handled error

    @B-4.4#3
    Scenario: A modifiedUsage of 128 characters is a handled error
      Given the partner has an authorized guest payment
      When the partner captures the payment with modifiedUsage of 128 characters
      Then the call fails as a handled error

  Rule: Every mandatory field is required

    @A-7 @B-4.4#2
    Scenario Outline: Capture without <field> is rejected naming it
      Given the partner has an authorized guest payment
      When the partner captures the payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
