@B-4.14
Feature: KC-Authorize (B-4.14)
  The partner authorizes a payment from a wallet to a merchant; the service
  answers 200 with the payment AUTHORIZED (B-3) and every response field
  B-4.14 lists, and blocks the amount on the wallet: blkAmt rises and avlBal
  falls by exactly the amount, bkBal stays. countryCode is always required;
  with a different billing address its fields are required; merchantProgramCode
  is required when merchantAccno is the merchant's external account reference.

  Rule: An authorized wallet payment blocks its amount

    @B-3 @B-2.4 @B-4.14#1 @B-4.14#7 @B-3#50 @B-2.4#2 @B-2.4#4
    Scenario: A wallet payment is AUTHORIZED and its amount blocked
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has noted the account's balance
      When the partner authorizes a wallet payment of 30.00 to the merchant
      Then the call succeeds
      And the response's statusCode is "AUTHORIZED"
      And the response's paymentAmount is 30.00
      And exactly 30.00 is blocked: blkAmt up, avlBal down, bkBal unchanged

  Rule: A wallet does not go below its minimum allowed balance

    @A-2.4 @A-2.4#4 @advisory @B-4.14#8
    Scenario: An authorization beyond the minimum allowed balance is not a success and changes nothing
      Given the partner has created an account
      And the account has been loaded with 30.00
      When the partner authorizes one cent more than the account may spend before its minimum allowed balance
      Then the call is not a success
      And the balance is unchanged

  Rule: countryCode is always required

    @B-4.14#6
    Scenario: KC-Authorize without countryCode is rejected naming it, even with the owner's address
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner authorizes a wallet payment to the merchant without countryCode
      Then the call is rejected as a syntax error naming countryCode

  Rule: With a different billing address, its fields are required

    @B-4.14#4
    Scenario Outline: KC-Authorize with a different billing address but without <field> is rejected
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner authorizes a wallet payment to the merchant with a different billing address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | customerFullName |
        | addr1            |
        | city             |
        | postCode         |

    @B-4.14#4
    Scenario: KC-Authorize with a different billing address is accepted
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner authorizes a wallet payment to the merchant with a different billing address
      Then the call succeeds

  Rule: The merchant's external account reference needs merchantProgramCode

    @B-4.14#3
    Scenario: KC-Authorize to the merchant's external reference without merchantProgramCode is rejected
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner authorizes a wallet payment to the merchant named by its external account reference without merchantProgramCode
      Then the call is rejected as a syntax error naming merchantProgramCode

    @B-4.14#3
    Scenario: KC-Authorize to the merchant's external reference with merchantProgramCode is accepted
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner authorizes a wallet payment to the merchant named by its external account reference
      Then the call succeeds

  Rule: Every mandatory field is required

    @A-7 @B-4.14#2
    Scenario Outline: KC-Authorize without <field> is rejected naming it
      Given the partner has created an account
      And the account has been loaded with 50.00
      When the partner authorizes a wallet payment to the merchant without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                      |
        | partnerReference           |
        | accno                      |
        | programCode                |
        | programAccno               |
        | accnoType                  |
        | paymentAmount              |
        | paymentCurrCode            |
        | paymentUsage               |
        | useDifferentBillingAddress |
        | localDate                  |
        | localTime                  |
