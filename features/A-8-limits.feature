@A-8
Feature: Limits (A-8)
  Field lengths are as each table gives them: S(n) is a maximum (A-2.0), so
  a value of exactly n characters is accepted and kept whole, and a value of
  n+1 characters is refused. A-7 does not name the code of an over-long
  value: a handled error is required, and 0001, a syntax error, is advice.
  partnerReference, S(64), travels with every operation but Issue Token, so
  every one of them is held to it. The authorizationToken is at most 8192
  characters, top and skip of Account Enquiry at most 4 digits.

  Rule: A text at its maximum length is accepted and kept whole

    @A-4.2 @A-2.0 @A-2.0#1
    Scenario Outline: Create Account with <field> of <length> characters
      When the partner creates an account with <field> of <length> characters
      Then the call succeeds
      And the account information holds <field> whole, as sent (advisory)

      Examples:
        | field                    | length |
        | externalAccountReference | 255    |
        | lastName                 | 100    |
        | firstName                | 100    |
        | addr1                    | 60     |
        | addr2                    | 60     |
        | addr3                    | 60     |
        | houseNumber              | 10     |
        | city                     | 50     |
        | state                    | 50     |

    @A-4.3 @A-2.0 @A-2.0#1 @A-4.3#3
    Scenario Outline: Update Account Information with <field> of <length> characters
      Given the partner has created an account
      When the partner updates the account information with <field> of <length> characters
      Then the call succeeds
      And the account information holds <field> whole, as sent (advisory)

      Examples:
        | field                    | length |
        | externalAccountReference | 255    |
        | lastName                 | 100    |
        | addr1                    | 60     |
        | city                     | 50     |

    @A-4.5 @A-2.0 @A-2.0#1
    Scenario: Close Account with a closingReason of 1024 characters
      Given the partner has created an account
      When the partner closes the account with closingReason of 1024 characters
      Then the call succeeds

  Rule: A text longer than its maximum is refused

    @A-4.2 @A-2.0 @A-7 @A-2.0#2 @A-7#7
    Scenario Outline: Create Account with <field> of <length> characters is refused
      When the partner creates an account with <field> of <length> characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

      Examples:
        | field                    | length |
        | externalAccountReference | 256    |
        | lastName                 | 101    |
        | addr1                    | 61     |
        | city                     | 51     |

    @A-4.3 @A-2.0 @A-7 @A-2.0#2 @A-4.3#3 @A-7#7
    Scenario Outline: Update Account Information with <field> of <length> characters is refused
      Given the partner has created an account
      When the partner updates the account information with <field> of <length> characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

      Examples:
        | field                    | length |
        | externalAccountReference | 256    |
        | lastName                 | 101    |
        | addr1                    | 61     |
        | city                     | 51     |

    @A-4.5 @A-2.0 @A-7 @A-2.0#2 @A-7#7
    Scenario: Close Account with a closingReason of 1025 characters is refused
      Given the partner has created an account
      When the partner closes the account with closingReason of 1025 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

  Rule: partnerReference is at most 64 characters on every operation

    @A-2.1 @A-2.0 @A-2.0#1 @A-2.1#4
    Scenario Outline: When the partner <operation> with a partnerReference of 64 characters, it is accepted and echoed
      Given the partner has created an account
      When the partner <operation> with partnerReference of 64 characters
      Then the call succeeds
      And the response echoes partnerReference

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

      @B-4.8
      Examples: Add Consent, on an account that has none (whether one that has a consent may take another is not shown)
        | operation      |
        | adds a consent |

      @B-4.10
      Examples: Find User Account
        | operation                                |
        | finds the user account by e-mail address |

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

    @A-2.1 @A-2.0 @A-2.0#1 @A-2.1#4
    Scenario Outline: Given <state>, when the partner <operation> with a partnerReference of 64 characters, it is accepted and echoed
      Given the partner has created an account
      And the partner has <state>
      When the partner <operation> with partnerReference of 64 characters
      Then the call succeeds
      And the response echoes partnerReference

      @A-4.6
      Examples: Init Add Stored Payment Option
        | operation                      | state                   |
        | starts adding a payment option | stored a payment option |

      @A-4.7
      Examples: Complete Add Stored Payment Option
        | operation                           | state                           |
        | completes adding the payment option | started adding a payment option |

      @A-4.8
      Examples: Init Verify Stored Payment Option
        | operation                           | state                   |
        | starts verifying the payment option | stored a payment option |

      @A-4.10
      Examples: Delete Stored Payment Option
        | operation                  | state                   |
        | deletes the payment option | stored a payment option |

      @A-4.11
      Examples: Set Default Stored Payment Option
        | operation                            | state                   |
        | makes the payment option the default | stored a payment option |

      @A-4.12
      Examples: Get Payment Options
        | operation                           | state                   |
        | lists the available payment options | stored a payment option |

      @A-4.13
      Examples: Get Stored Payment Options
        | operation                        | state                   |
        | lists the stored payment options | stored a payment option |

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

      @B-4.9
      Examples: Revoke Consent
        | operation           | state           |
        | revokes the consent | added a consent |

    @A-2.1 @A-2.0 @A-2.0#1 @A-2.1#4
    Scenario Outline: Given <state> of a loaded account, when the partner <operation> with a partnerReference of 64 characters, it is accepted and echoed
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      When the partner <operation> with partnerReference of 64 characters
      Then the call succeeds
      And the response echoes partnerReference

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

    @A-2.1 @A-2.0 @A-7 @A-2.0#2 @A-7#7
    Scenario Outline: When the partner <operation> with a partnerReference of 65 characters, it is refused
      Given the partner has created an account
      When the partner <operation> with partnerReference of 65 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

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

      @B-4.8
      Examples: Add Consent, on an account that has none (whether one that has a consent may take another is not shown)
        | operation      |
        | adds a consent |

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

    @A-2.1 @A-2.0 @A-7 @A-2.0#2 @A-7#7
    Scenario Outline: Given <state>, when the partner <operation> with a partnerReference of 65 characters, it is refused
      Given the partner has created an account
      And the partner has <state>
      When the partner <operation> with partnerReference of 65 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

      @A-4.6
      Examples: Init Add Stored Payment Option
        | operation                      | state                   |
        | starts adding a payment option | stored a payment option |

      @A-4.7
      Examples: Complete Add Stored Payment Option
        | operation                           | state                           |
        | completes adding the payment option | started adding a payment option |

      @A-4.8
      Examples: Init Verify Stored Payment Option
        | operation                           | state                   |
        | starts verifying the payment option | stored a payment option |

      @A-4.10
      Examples: Delete Stored Payment Option
        | operation                  | state                   |
        | deletes the payment option | stored a payment option |

      @A-4.11
      Examples: Set Default Stored Payment Option
        | operation                            | state                   |
        | makes the payment option the default | stored a payment option |

      @A-4.12
      Examples: Get Payment Options
        | operation                           | state                   |
        | lists the available payment options | stored a payment option |

      @A-4.13
      Examples: Get Stored Payment Options
        | operation                        | state                   |
        | lists the stored payment options | stored a payment option |

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

      @B-4.9
      Examples: Revoke Consent
        | operation           | state           |
        | revokes the consent | added a consent |

    @A-2.1 @A-2.0 @A-7 @A-2.0#2 @A-7#7
    Scenario Outline: Given <state> of a loaded account, when the partner <operation> with a partnerReference of 65 characters, it is refused
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      When the partner <operation> with partnerReference of 65 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

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

    @A-4.9 @A-2.1 @A-2.0 @A-2.0#1 @A-2.1#4
    Scenario: Complete Verify with a partnerReference of 64 characters is accepted and echoed
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option with partnerReference of 64 characters
      Then the call succeeds
      And the response echoes partnerReference

    @A-4.9 @A-2.1 @A-2.0 @A-7 @A-2.0#2 @A-7#7
    Scenario: Complete Verify with a partnerReference of 65 characters is refused
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option with partnerReference of 65 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

  Rule: The authorizationToken is at most 8192 characters

    @A-4.6 @A-2.0 @A-8#1 @A-2.0#13
    Scenario: Init Add returns an authorizationToken of at most 8192 characters
      Given the partner has created an account
      When the partner starts adding a payment option
      Then the call succeeds
      And the response carries an authorizationToken of at most 8192 characters

  Rule: top and skip of Account Enquiry are at most 4 digits

    @B-4.12 @A-7 @A-8#2 @A-7#7
    Scenario Outline: Account Enquiry with a <field> of 5 digits is refused
      Given the partner has created an account
      When the partner reads the account entries with <field> set to 10000
      Then the call is refused as an invalid value, as a syntax error (advisory)

      Examples:
        | field |
        | top   |
        | skip  |
