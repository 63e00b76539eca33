@A-3
Feature: Account states and transitions (A-3)
  Create Account moves a new account to statusCode ACTIVE and reports its
  twoFAStatusCode and accFlowStatusCode (2FADIS and APPROVEDSV are values
  that occur, not values required); validUntil is deprecated and ignored.
  Close Account moves an existing account to CLOSED, sets dateClosed and
  disables further usage: every operation that uses the account, its money,
  its stored payment options or its consents is refused, and an answer that
  still reports the account reports it CLOSED. Other statuses and moves
  (closing twice, whether a closed account may be read) are not shown, so
  they are not checked.

  Rule: A created account is ACTIVE

    @A-4.2 @A-3#1 @A-3#2
    Scenario: Create Account reports the account ACTIVE with its 2FA and flow statuses
      When the partner creates an account
      Then the call succeeds
      And the response's statusCode is "ACTIVE"

    @A-4.4 @A-3#1
    Scenario: The created account is read back as ACTIVE
      Given the partner has created an account
      When the partner reads the account information
      Then the call succeeds
      And the response's statusCode is "ACTIVE"

  Rule: validUntil of Create Account is deprecated and ignored

    @A-4.2 @A-3#4
    Scenario: An account created with a validUntil in the past is ACTIVE
      When the partner creates an account with validUntil set to "2000-01-01"
      Then the call succeeds
      And the response's statusCode is "ACTIVE"

  Rule: A closed account is CLOSED with its closing date

    @A-4.5 @A-3#5 @A-3#6
    Scenario: Close Account reports the account CLOSED with its closing date
      Given the partner has created an account
      When the partner closes the account
      Then the call succeeds
      And the response's statusCode is "CLOSED"
      And the response's dateClosed is a date

    @A-4.5 @A-4.4 @A-3#5
    Scenario: A closed account reads CLOSED wherever it is reported
      Given the partner has created an account
      When the partner closes the account
      Then the call succeeds
      And the account reads CLOSED wherever it may still be read

  Rule: Only an account that exists can be closed

    @A-4.5 @A-3#9 @A-7 @A-7#2
    Scenario: Closing an account that does not exist fails
      Given the partner has created an account
      When the partner closes an account that does not exist
      Then the call fails as a handled error

  Rule: A closed account can no longer be used

    @A-4.3 @A-3#7 @A-7 @A-7#2 @A-7#6
    Scenario: A closed account can no longer be updated
      Given the partner has created an account
      And the partner has closed the account
      When the partner updates the account information
      Then the call fails as a handled error

    @A-4.6 @A-3#7
    Scenario: A closed account can no longer store a payment option
      Given the partner has created an account
      And the partner has closed the account
      When the partner starts adding a payment option
      Then the call fails as a handled error

    @A-3#7
    Scenario Outline: A closed account's stored payment options can no longer be used: <operation>
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has closed the account
      When the partner <operation>
      Then the call fails as a handled error

      @A-4.8
      Examples: Init Verify Stored Payment Option
        | operation                           |
        | starts verifying the payment option |

      @A-4.11
      Examples: Set Default Stored Payment Option
        | operation                            |
        | makes the payment option the default |

      @A-4.10 @A-3#8
      Examples: Delete Stored Payment Option
        | operation                  |
        | deletes the payment option |

    @A-4.7 @A-3#7
    Scenario: A closed account can no longer complete storing a payment option
      Given the partner has created an account
      And the partner has started adding a payment option
      And the partner has closed the account
      When the partner completes adding the payment option
      Then the call fails as a handled error

    @A-4.9 @A-3#7
    Scenario: A closed account can no longer complete verifying a payment option
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      And the partner has closed the account
      When the partner completes verifying the payment option
      Then the call fails as a handled error

    @B-4.8 @A-3#7
    Scenario: A closed account can no longer give a consent
      Given the partner has created an account
      And the partner has closed the account
      When the partner adds a consent
      Then the call fails as a handled error

    @B-4.9 @A-3#7
    Scenario: A closed account's consent can no longer be revoked
      Given the partner has created an account
      And the partner has added a consent
      And the partner has closed the account
      When the partner revokes the consent
      Then the call fails as a handled error

    @B-4.1 @A-3#7
    Scenario: A closed account can no longer be loaded
      Given the partner has created an account
      And the partner has closed the account
      When the partner initiates a guest payment to load the account
      Then the call fails as a handled error

    @B-4.3 @A-3#7
    Scenario: A closed account can no longer be loaded by Authorize
      Given the partner has created an account
      And the partner has stored a verified payment option
      And the partner has created another account, which becomes the scenario's account
      And the partner has closed the account
      When the partner authorizes a payment with the stored payment option to load the account
      Then the call fails as a handled error

    @B-4.4 @A-3#7
    Scenario: A load authorized before the account was closed can no longer be captured into it
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has closed the account
      When the partner captures the payment
      Then the call fails as a handled error

    @A-3#7 @A-3#5
    Scenario Outline: A closed wallet with money on it can no longer pay a merchant: <operation>
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has closed the account
      When the partner <operation>
      Then the call fails as a handled error
      And the account reads CLOSED wherever it may still be read

      @B-4.14
      Examples: KC-Authorize
        | operation                                   |
        | authorizes a wallet payment to the merchant |

      @B-4.15
      Examples: KC-Debit Account
        | operation                           |
        | debits the account for the merchant |

    @A-3#7
    Scenario Outline: A closed wallet's payment made before it closed can no longer move its money: <operation>
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      And the partner has closed the account
      When the partner <operation>
      Then the call fails as a handled error

      @B-4.16
      Examples: KC-Capture
        | operation                   | state                                                 |
        | captures the wallet payment | an authorized wallet payment of 30.00 to the merchant |

      @B-4.18
      Examples: KC-Refund
        | operation                  | state                                              |
        | refunds the wallet payment | a captured wallet payment of 30.00 to the merchant |
