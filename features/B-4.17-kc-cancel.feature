@B-4.17
Feature: KC-Cancel (B-4.17)
  The partner cancels a wallet payment that is authorized and not yet
  captured; the service answers 200 with the payment CANCELLED (B-3) and
  every response field B-4.17 lists, and the block is released.

  Rule: A cancel releases the block

    @B-3 @B-2.4 @B-4.17#1 @B-4.17#3 @B-4.17#4 @B-3#54 @B-2.4#4
    Scenario: An authorized wallet payment is CANCELLED and its block released
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner cancels the wallet payment
      Then the call succeeds
      And the response's statusCode is "CANCELLED"
      And the balance is unchanged

  Rule: modifiedUsage is at most 127 characters

    @A-2.0 @A-2.0#1 @B-4.17#5
    Scenario: A cancel with a modifiedUsage of 127 characters is accepted
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner cancels the wallet payment with modifiedUsage of 127 characters
      Then the call succeeds

    @A-7 @A-2.0 @A-2.0#2 @A-7#7 @B-4.17#5
    Scenario: A cancel with a modifiedUsage of 128 characters is refused
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner cancels the wallet payment with modifiedUsage of 128 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

  Rule: Every mandatory field is required

    @A-7 @B-4.17#2
    Scenario Outline: KC-Cancel without <field> is rejected naming it
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has authorized a wallet payment of 30.00 to the merchant
      When the partner cancels the wallet payment without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
