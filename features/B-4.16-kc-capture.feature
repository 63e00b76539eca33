@B-4.16
Feature: KC-Capture (B-4.16)
  The partner captures a wallet payment authorized by KC-Authorize; the
  service answers 200 with the payment CAPTURED (B-3) and every response
  field B-4.16 lists: the captured amount, the whole authorization unless
  modifiedAmount names a part, is debited and released from the block. The
  part a partial capture leaves was "authorized until captured or
  cancelled" (B-2.4) and is neither: it may stay blocked or be released
  with the capture. The amount in the merchant's currency and the rate are
  the sandbox's and are not compared.

  Rule: A capture debits the captured amount and releases it from the block

    @B-3 @B-2.4 @B-4.16#1 @B-4.16#4 @B-4.16#5 @B-4.16#8 @B-3#52 @B-2.4#4
    Scenario: An authorized wallet payment is CAPTURED
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner captures the wallet payment
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the whole authorized amount is captured (advisory)
      And the booked balance has fallen by the amount captured

    @B-2.4 @B-4.16#4 @B-2.4#4
    Scenario: A partial capture debits the captured part and releases it from the block
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner captures 20.00 of the wallet payment
      Then the call succeeds
      And the response's modifiedAmount is 20.00
      And the booked balance has fallen by exactly 20.00, and the 10.00 not captured is still blocked or released

  Rule: Amounts have at most two decimals, modifiedUsage at most 127 characters

    @A-2.0 @A-2.0#1 @B-4.16#7
    Scenario: A capture with a modifiedUsage of 127 characters is accepted
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner captures the wallet payment with modifiedUsage of 127 characters
      Then the call succeeds

    @A-7 @A-2.0 @A-2.0#2 @A-7#7 @B-4.16#7
    Scenario: A capture with a modifiedUsage of 128 characters is refused
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner captures the wallet payment with modifiedUsage of 128 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

    @A-7 @A-2.0 @A-2.0#6 @B-4.16#7
    Scenario Outline: A capture with a <field> of three decimals is a handled error
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner captures the wallet payment with <field> set to 1.001
      Then the call fails as a handled error

      Examples:
        | field             |
        | modifiedFeeAmount |
        | modifiedAmount    |

  Rule: Every mandatory field is required

    @A-7 @B-4.16#2
    Scenario Outline: KC-Capture without <field> is rejected naming it
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner captures the wallet payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                  |
        | partnerReference       |
        | modifiedAmountCurrCode |
        | localDate              |
        | localTime              |
