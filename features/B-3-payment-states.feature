@B-3
Feature: Payment states and transitions (B-3)
  A payment moves RECEIVED -> AUTHORIZED (Complete Authorize), or is
  AUTHORIZED at once (Authorize); AUTHORIZED -> CAPTURED (Capture) or
  CANCELLED (Cancel); a refund leaves it CAPTURED. A move whose condition
  does not hold is a handled error, whose code the spec does not show, and
  moves no money. That it also leaves the payment's status as it was is the
  converse of the table, which states only what a move results in, and
  failure statuses are not shown: the suite warns when the status changed.
  How an exact repeat of a move is
  answered is not shown: the target declares it (behaviour
  repeatedPaymentMove, refused by default), and a repeat never moves money
  twice. The allowed moves are checked in the feature of each operation.

  Rule: A move whose condition does not hold is refused and moves no money

    @B-3#25
    Scenario Outline: <move> is refused and the payment stays <status>
      Given the partner has <state>
      When the partner <operation>
      Then the call fails as a handled error
      And the payment's status still reads <status> (advisory)

      @B-4.4 @B-3#8
      Examples: Capture
        | move                          | state                    | operation            | status   |
        | Capture of a received payment | a received guest payment | captures the payment | RECEIVED |

      @B-4.6 @B-3#13
      Examples: Cancel
        | move                         | state                    | operation           | status   |
        | Cancel of a received payment | a received guest payment | cancels the payment | RECEIVED |

      @B-4.5 @B-3#11
      Examples: Refund
        | move                            | state                       | operation           | status     |
        | Refund of a received payment    | a received guest payment    | refunds the payment | RECEIVED   |
        | Refund of an authorized payment | an authorized guest payment | refunds the payment | AUTHORIZED |
        | Refund of a cancelled payment   | a cancelled payment         | refunds the payment | CANCELLED  |

    @B-4.5 @B-3#11 @B-3#15
    Scenario: A Refund of an authorized load is refused and moves no money
      Given the partner has created an account
      And the partner has an authorized guest payment of 40.00 to load the account
      And the partner has noted the account's balance
      When the partner refunds the payment
      Then the call fails as a handled error
      And the balance is unchanged

  Rule: A payment that has moved on is not moved back, though "previously" does not say so

    # "previously authorized" and "authorization previously initiated" (B-3)
    # say the event happened before, not that the payment is still in its
    # state: only KC-Cancel's row says "not yet captured". One reading for
    # every row (B-3#14 too): these refusals are implied, and advisory.
    @advisory
    Scenario Outline: <move> is refused and the payment stays <status>
      Given the partner has <state>
      When the partner <operation>
      Then the call fails as a handled error
      And the payment's status still reads <status> (advisory)

      @B-4.4 @B-3#24
      Examples: Capture
        | move                           | state               | operation            | status    |
        | Capture of a cancelled payment | a cancelled payment | captures the payment | CANCELLED |

      @B-4.2 @B-3#5
      Examples: Complete Authorize
        | move                           | state               | operation                   | status    |
        | Completing a cancelled payment | a cancelled payment | completes the authorization | CANCELLED |
        | Completing a captured payment  | a captured payment  | completes the authorization | CAPTURED  |

  Rule: Cancel's condition, unlike KC-Cancel's, does not say "not yet captured": a Cancel that succeeds cancels

    @B-4.6 @B-3#14 @B-3#12 @B-3#25
    Scenario: Cancelling a captured payment is refused, or cancels it and the payment reads CANCELLED
      Given the partner has a captured payment
      When the partner cancels the payment
      Then the cancel is refused and the payment stays CAPTURED (advisory), or the payment reads CANCELLED

  Rule: A repeated move is refused or answered again, as the target declares, and changes nothing

    @B-3#16
    Scenario Outline: <move> is refused or answered again, and the payment stays <status>
      Given the partner has <state>
      When the partner <operation>
      Then the repeat is refused, or answered again where the target declares its moves idempotent
      And the payment's status still reads <status> (advisory)

      @B-4.2
      Examples: Complete Authorize
        | move                                   | state                       | operation                   | status     |
        | Completing an authorized payment again | an authorized guest payment | completes the authorization | AUTHORIZED |

      @B-4.4
      Examples: Capture
        | move                               | state              | operation            | status   |
        | Capturing a captured payment again | a captured payment | captures the payment | CAPTURED |

      @B-4.6
      Examples: Cancel
        | move                                 | state               | operation           | status    |
        | Cancelling a cancelled payment again | a cancelled payment | cancels the payment | CANCELLED |

    @B-4.4 @B-3#16 @B-3#17
    Scenario: Capturing a payment again does not load the wallet a second time
      Given the partner has created an account
      And the account has been loaded with 40.00
      And the partner has noted the account's balance
      When the partner captures the payment
      Then the repeat is refused, or answered again where the target declares its moves idempotent
      And the balance is unchanged
