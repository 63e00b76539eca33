@A-5
Feature: Authentication (A-5)
  Every operation except Issue Token requires the X-Auth-Token header holding
  a token from Issue Token; a caller keeps the token and reuses it until
  shortly before validUntil. A missing or invalid token yields 0096, whose
  HTTP status the spec does not show: any HTTP error status is accepted. The
  token validity is not shown: to show that an expired token is refused, the
  profile names sandbox credentials whose tokens expire within seconds.

  Rule: One token serves many calls until it expires

    @A-5#3
    Scenario: A token is reused across calls
      Given the partner has requested a token
      And the partner has created an account
      When the partner reads the account information
      Then the call succeeds

  Rule: A token is usable until its validUntil, and refused after it

    @A-5#6 @A-5#5 @A-4.4
    Scenario: An expired token is refused
      Given the partner has created an account
      And the partner holds a token that has expired
      When the partner reads the account information with the expired token
      Then the call is refused as unauthorized

  Rule: A call without a token is refused with 0096

    @A-5#2 @A-5#5
    Scenario Outline: The partner <operation> without an X-Auth-Token
      Given the partner has created an account
      When the partner <operation> without an X-Auth-Token
      Then the call is refused as unauthorized

      @A-4.2
      Examples: Create Account
        | operation          |
        | creates an account |

      @A-4.3
      Examples: Update Account Information
        | operation                       |
        | updates the account information |

      @A-4.4
      Examples: Get Account Information
        | operation                     |
        | reads the account information |

      @A-4.5
      Examples: Close Account
        | operation          |
        | closes the account |

  Rule: A call with a token the service did not issue is refused with 0096

    @A-5#5
    Scenario Outline: The partner <operation> with an invalid X-Auth-Token
      Given the partner has created an account
      When the partner <operation> with an X-Auth-Token the service did not issue
      Then the call is refused as unauthorized

      @A-4.2
      Examples: Create Account
        | operation          |
        | creates an account |

      @A-4.3
      Examples: Update Account Information
        | operation                       |
        | updates the account information |

      @A-4.4
      Examples: Get Account Information
        | operation                     |
        | reads the account information |

      @A-4.5
      Examples: Close Account
        | operation          |
        | closes the account |

  Rule: A token with a character inserted or changed in its middle is refused with 0096

    # Not at its end: a lenient base64 decoder ignores one character
    # appended to a token and may ignore unused bits of the last one, so
    # such a token may decode to the issued one (variant
    # token-appended-character-ignored).

    @A-5#5 @A-4.4
    Scenario Outline: The partner reads the account information with its X-Auth-Token with <change>
      Given the partner has created an account
      When the partner reads the account information with its X-Auth-Token with <change>
      Then the call is refused as unauthorized

      Examples:
        | change                             |
        | a character inserted in its middle |
        | a character in its middle changed  |

  Rule: Payment option operations are refused without a valid token

    @A-5#2 @A-5#5
    Scenario Outline: The partner <operation> without an X-Auth-Token
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner <operation> without an X-Auth-Token
      Then the call is refused as unauthorized

      @A-4.6
      Examples: Init Add Stored Payment Option
        | operation                      |
        | starts adding a payment option |

      @A-4.7
      Examples: Complete Add Stored Payment Option
        | operation                           |
        | completes adding the payment option |

      @A-4.8
      Examples: Init Verify Stored Payment Option
        | operation                           |
        | starts verifying the payment option |

      @A-4.9
      Examples: Complete Verify Stored Payment Option
        | operation                              |
        | completes verifying the payment option |

      @A-4.10
      Examples: Delete Stored Payment Option
        | operation                  |
        | deletes the payment option |

      @A-4.11
      Examples: Set Default Stored Payment Option
        | operation                            |
        | makes the payment option the default |

      @A-4.12
      Examples: Get Payment Options
        | operation                           |
        | lists the available payment options |

      @A-4.13
      Examples: Get Stored Payment Options
        | operation                        |
        | lists the stored payment options |

    @A-5#5
    Scenario Outline: The partner <operation> with an invalid X-Auth-Token
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner <operation> with an X-Auth-Token the service did not issue
      Then the call is refused as unauthorized

      @A-4.6
      Examples: Init Add Stored Payment Option
        | operation                      |
        | starts adding a payment option |

      @A-4.7
      Examples: Complete Add Stored Payment Option
        | operation                           |
        | completes adding the payment option |

      @A-4.8
      Examples: Init Verify Stored Payment Option
        | operation                           |
        | starts verifying the payment option |

      @A-4.9
      Examples: Complete Verify Stored Payment Option
        | operation                              |
        | completes verifying the payment option |

      @A-4.10
      Examples: Delete Stored Payment Option
        | operation                  |
        | deletes the payment option |

      @A-4.11
      Examples: Set Default Stored Payment Option
        | operation                            |
        | makes the payment option the default |

      @A-4.12
      Examples: Get Payment Options
        | operation                           |
        | lists the available payment options |

      @A-4.13
      Examples: Get Stored Payment Options
        | operation                        |
        | lists the stored payment options |

  Rule: Payment and consent operations are refused without a valid token

    @A-5#2 @A-5#5
    Scenario Outline: Given <state>, the partner <operation> without an X-Auth-Token
      Given the partner has created an account
      And the partner has <state>
      When the partner <operation> without an X-Auth-Token
      Then the call is refused as unauthorized

      @B-4.1
      Examples: Init Authorize
        | operation                 | state                    |
        | initiates a guest payment | a received guest payment |

      @B-4.2
      Examples: Complete Authorize
        | operation                   | state                    |
        | completes the authorization | a received guest payment |

      @B-4.3
      Examples: Authorize
        | operation                                           | state                            |
        | authorizes a payment with the stored payment option | stored a verified payment option |

      @B-4.4
      Examples: Capture
        | operation            | state                       |
        | captures the payment | an authorized guest payment |

      @B-4.5
      Examples: Refund
        | operation           | state              |
        | refunds the payment | a captured payment |

      @B-4.6
      Examples: Cancel
        | operation           | state                       |
        | cancels the payment | an authorized guest payment |

      @B-4.7
      Examples: Get Payment Status
        | operation                | state                       |
        | reads the payment status | an authorized guest payment |

      @B-4.8
      Examples: Add Consent
        | operation      | state           |
        | adds a consent | added a consent |

      @B-4.9
      Examples: Revoke Consent
        | operation           | state           |
        | revokes the consent | added a consent |

    @A-5#5
    Scenario Outline: Given <state>, the partner <operation> with an invalid X-Auth-Token
      Given the partner has created an account
      And the partner has <state>
      When the partner <operation> with an X-Auth-Token the service did not issue
      Then the call is refused as unauthorized

      @B-4.1
      Examples: Init Authorize
        | operation                 | state                    |
        | initiates a guest payment | a received guest payment |

      @B-4.2
      Examples: Complete Authorize
        | operation                   | state                    |
        | completes the authorization | a received guest payment |

      @B-4.3
      Examples: Authorize
        | operation                                           | state                            |
        | authorizes a payment with the stored payment option | stored a verified payment option |

      @B-4.4
      Examples: Capture
        | operation            | state                       |
        | captures the payment | an authorized guest payment |

      @B-4.5
      Examples: Refund
        | operation           | state              |
        | refunds the payment | a captured payment |

      @B-4.6
      Examples: Cancel
        | operation           | state                       |
        | cancels the payment | an authorized guest payment |

      @B-4.7
      Examples: Get Payment Status
        | operation                | state                       |
        | reads the payment status | an authorized guest payment |

      @B-4.8
      Examples: Add Consent
        | operation      | state           |
        | adds a consent | added a consent |

      @B-4.9
      Examples: Revoke Consent
        | operation           | state           |
        | revokes the consent | added a consent |

  Rule: Account information operations are refused without a valid token

    @A-5#2 @A-5#5
    Scenario Outline: The partner <operation> without an X-Auth-Token
      Given the partner has created an account
      When the partner <operation> without an X-Auth-Token
      Then the call is refused as unauthorized

      @B-4.10
      Examples: Find User Account
        | operation                                |
        | finds the user account by e-mail address |

      @B-4.11
      Examples: Check Available Payment Amount
        | operation                           |
        | checks the available payment amount |

      @B-4.12
      Examples: Account Enquiry
        | operation                 |
        | reads the account entries |

      @B-4.13
      Examples: Balance Enquiry
        | operation         |
        | reads the balance |

      @B-4.19
      Examples: Perform Address Check
        | operation         |
        | checks an address |

    @A-5#5
    Scenario Outline: The partner <operation> with an invalid X-Auth-Token
      Given the partner has created an account
      When the partner <operation> with an X-Auth-Token the service did not issue
      Then the call is refused as unauthorized

      @B-4.10
      Examples: Find User Account
        | operation                                |
        | finds the user account by e-mail address |

      @B-4.11
      Examples: Check Available Payment Amount
        | operation                           |
        | checks the available payment amount |

      @B-4.12
      Examples: Account Enquiry
        | operation                 |
        | reads the account entries |

      @B-4.13
      Examples: Balance Enquiry
        | operation         |
        | reads the balance |

      @B-4.19
      Examples: Perform Address Check
        | operation         |
        | checks an address |

  Rule: Wallet-to-merchant operations are refused without a valid token

    @A-5#2 @A-5#5
    Scenario Outline: Given <state>, the partner <operation> without an X-Auth-Token
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      When the partner <operation> without an X-Auth-Token
      Then the call is refused as unauthorized

      @B-4.14
      Examples: KC-Authorize
        | operation                                   | state                       |
        | authorizes a wallet payment to the merchant | noted the account's balance |

      @B-4.15
      Examples: KC-Debit Account
        | operation                           | state                       |
        | debits the account for the merchant | noted the account's balance |

      @B-4.16
      Examples: KC-Capture
        | operation                   | state                                                 |
        | captures the wallet payment | an authorized wallet payment of 30.00 to the merchant |

      @B-4.17
      Examples: KC-Cancel
        | operation                  | state                                                 |
        | cancels the wallet payment | an authorized wallet payment of 30.00 to the merchant |

      @B-4.18
      Examples: KC-Refund
        | operation                  | state                                           |
        | refunds the wallet payment | debited 20.00 from the account for the merchant |

    @A-5#5
    Scenario Outline: Given <state>, the partner <operation> with an invalid X-Auth-Token
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      When the partner <operation> with an X-Auth-Token the service did not issue
      Then the call is refused as unauthorized

      @B-4.14
      Examples: KC-Authorize
        | operation                                   | state                       |
        | authorizes a wallet payment to the merchant | noted the account's balance |

      @B-4.15
      Examples: KC-Debit Account
        | operation                           | state                       |
        | debits the account for the merchant | noted the account's balance |

      @B-4.16
      Examples: KC-Capture
        | operation                   | state                                                 |
        | captures the wallet payment | an authorized wallet payment of 30.00 to the merchant |

      @B-4.17
      Examples: KC-Cancel
        | operation                  | state                                                 |
        | cancels the wallet payment | an authorized wallet payment of 30.00 to the merchant |

      @B-4.18
      Examples: KC-Refund
        | operation                  | state                                           |
        | refunds the wallet payment | debited 20.00 from the account for the merchant |
