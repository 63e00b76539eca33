@A-2.1
Feature: Request and response envelopes (A-2.1)
  Every request carries partnerReference, localDate and localTime; every
  response, success or error, carries the response envelope: localDate and
  localTime echoed, sysDate and sysTime of the server, a four-digit
  responseCode as a string and a responseDescription. partnerReference is
  echoed in responses; most responses echo programCode as well: those whose
  operation lists it. The server's time zone is not stated, so its date and
  time are only required to lie within the world's time zones.

  Rule: Every response carries the response envelope with the caller's date and time echoed and the server's own

    @A-2.1#2 @A-2.1#3 @A-2.1#6
    Scenario Outline: When the partner <operation>, the response carries the envelope
      Given the partner has created an account
      When the partner <operation>
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response's sysDate and sysTime are the server's current date and time

      @A-4.1
      Examples: Issue Token
        | operation        |
        | requests a token |

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

  Rule: Account operations echo partnerReference and programCode

    @A-2.1#4 @A-2.1#5
    Scenario Outline: When the partner <operation>, the response echoes partnerReference and programCode
      Given the partner has created an account
      When the partner <operation>
      Then the call succeeds
      And the response echoes partnerReference and programCode

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

  Rule: An error response carries partnerReference, responseCode and responseDescription, and the envelope

    @A-7 @A-2.1#2 @A-2.1#3 @A-2.1#4 @A-7#2
    Scenario: A rejected call still carries the envelope and echoes partnerReference
      Given the partner has created an account
      When the partner closes the account without closingReason
      Then the call is rejected as a syntax error
      And the response echoes partnerReference
      And the response echoes the caller's localDate and localTime

  Rule: Payment option responses carry the envelope and echo partnerReference and programCode

    @A-2.1#2 @A-2.1#3 @A-2.1#4 @A-2.1#5
    Scenario Outline: When the partner <operation>, the response carries the envelope and the echoes
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner <operation>
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response echoes partnerReference and programCode

      @A-4.6
      Examples: Init Add Stored Payment Option
        | operation                      |
        | starts adding a payment option |

      @A-4.8
      Examples: Init Verify Stored Payment Option
        | operation                           |
        | starts verifying the payment option |

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

    @A-4.7 @A-2.1#2 @A-2.1#3 @A-2.1#4 @A-2.1#5
    Scenario: The Complete Add response carries the envelope and the echoes
      Given the partner has created an account
      And the partner has started adding a payment option
      When the partner completes adding the payment option
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response echoes partnerReference and programCode

    @A-4.9 @A-2.1#2 @A-2.1#3 @A-2.1#4 @A-2.1#5
    Scenario: The Complete Verify response carries the envelope and the echoes
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has started verifying the payment option
      When the partner completes verifying the payment option
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response echoes partnerReference and programCode

  Rule: Payment and consent responses carry the envelope and echo partnerReference

    @A-2.1#2 @A-2.1#3 @A-2.1#4
    Scenario Outline: When the partner <operation>, given <state>, the response carries the envelope
      Given the partner has created an account
      And the partner has <state>
      When the partner <operation>
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response echoes partnerReference

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

    @A-2.1#2 @A-2.1#3 @A-2.1#4 @B-4.8
    Scenario: When the partner adds a consent, on an account that has none, the response carries the envelope
      Given the partner has created an account
      When the partner adds a consent
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response echoes partnerReference

  Rule: Account information responses carry the envelope and echo what their operation lists

    @A-2.1#2 @A-2.1#3 @A-2.1#4
    Scenario Outline: When the partner <operation>, the response carries the envelope and echoes <echoes>
      Given the partner has created an account
      When the partner <operation>
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
      And the response echoes <echoes>

      @B-4.10 @A-2.1#5
      Examples: Find User Account
        | operation                                | echoes                           |
        | finds the user account by e-mail address | partnerReference and programCode |

      @B-4.12
      Examples: Account Enquiry (its response lists programAccno, not programCode)
        | operation                 | echoes           |
        | reads the account entries | partnerReference |

      @B-4.13
      Examples: Balance Enquiry (its response lists programAccno, not programCode)
        | operation         | echoes           |
        | reads the balance | partnerReference |

      @B-4.19 @A-2.1#5
      Examples: Perform Address Check
        | operation         | echoes                           |
        | checks an address | partnerReference and programCode |

  Rule: Wallet-to-merchant responses carry the envelope and echo partnerReference

    @A-2.1#2 @A-2.1#3 @A-2.1#4
    Scenario Outline: When the partner <operation>, given <state>, the response carries the envelope
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      When the partner <operation>
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes the caller's localDate and localTime
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
