@B-4.15
Feature: KC-Debit Account (B-4.15)
  The partner pays a merchant from a wallet at once; the service answers 200
  with the payment CAPTURED (B-3) and every response field B-4.15 lists, and
  the wallet is debited by exactly the amount. Its body is KC-Authorize's
  but for programCode, with merchantAccno required: countryCode is always
  required, the billing rule and the merchantProgramCode rule hold alike.

  Rule: A debit is captured at once and debits the wallet

    @B-3 @B-2.4 @B-2.3 @B-4.15#1 @B-4.15#9 @B-4.15#10 @B-3#51 @B-2.4#2 @B-2.3#5
    Scenario: A wallet is debited for the merchant
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      When the partner debits 20.00 from the account for the merchant
      Then the call succeeds
      And the response's statusCode is "CAPTURED"
      And the booked and available balances have fallen by exactly 20.00 and the blocked amount is unchanged
      And an entry of 20.00 appears among the account entries (advisory)

  Rule: A wallet does not go below its minimum allowed balance

    @A-2.4 @A-2.4#4 @advisory @B-4.15#11
    Scenario: A debit beyond the minimum allowed balance is not a success and changes nothing
      Given the partner has created an account
      And the account has been loaded with 30.00
      When the partner debits one cent more than the account may spend before its minimum allowed balance
      Then the call is not a success
      And the balance is unchanged

  Rule: Concurrent debits are booked to the cent

    @B-2.4 @B-2.3 @B-4.15#10 @B-2.3#5
    Scenario: Concurrent debits agree to the cent with those that succeeded
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      When the partner debits the account for the merchant 8 times at once, 10.00 each
      Then the balances agree to the cent with the debits that succeeded, and each has its entry (advisory)

    @A-2.4 @A-2.4#4 @advisory @B-4.15#11
    Scenario: Concurrent debits succeed only as far as the money allows
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      When the partner debits the account for the merchant 8 times at once, 10.00 each
      Then as many of the debits succeeded as the money allows

  Rule: With a different billing address, its fields are required

    @B-4.15#4
    Scenario Outline: KC-Debit Account with a different billing address but without <field> is rejected
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner debits the account for the merchant with a different billing address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | addr1            |
        | city             |
        | postCode         |

    @B-4.15#4
    Scenario: KC-Debit Account with a different billing address is accepted
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner debits the account for the merchant with a different billing address
      Then the call succeeds

  Rule: The merchant's external account reference needs merchantProgramCode

    # accnoType "applies to both account numbers" (B-4.15), and the suite
    # sends the profile's accnoType, which names an account number: the
    # external reference is then either an account the target does not find
    # or, read as KC-Authorize's rule, one without its mandatory
    # merchantProgramCode. Both are handled errors; neither is a success.
    @B-4.15#5
    Scenario: KC-Debit Account to the merchant's external reference without merchantProgramCode is not a success
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner debits the account for the merchant named by its external account reference without merchantProgramCode
      Then the call fails as a handled error

  Rule: oneTimePassword is at most 8 characters

    @A-7 @A-2.0 @B-2.4 @A-7#7 @B-4.15#12
    Scenario: A debit with a oneTimePassword of nine characters is refused and moves no money
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      When the partner debits the account for the merchant with the one-time password and one character more
      Then the call is refused as an invalid value, as a syntax error (advisory)
      And the balance is unchanged

  Rule: Every mandatory field is required

    @A-7
    Scenario Outline: KC-Debit Account without <field> is rejected naming it
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner debits the account for the merchant without <field>
      Then the call is rejected as a syntax error naming <field>

      @B-4.15#2
      Examples: the fields KC-Authorize requires, and merchantAccno
        | field                      |
        | partnerReference           |
        | accno                      |
        | merchantAccno              |
        | programAccno               |
        | accnoType                  |
        | paymentAmount              |
        | paymentCurrCode            |
        | paymentUsage               |
        | useDifferentBillingAddress |
        | localDate                  |
        | localTime                  |

      @B-4.15#6
      Examples: countryCode, always
        | field       |
        | countryCode |
