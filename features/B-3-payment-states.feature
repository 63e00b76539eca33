@B-3
Feature: Payment states and transitions (B-3)
  A payment moves RECEIVED -> AUTHORIZED (Complete Authorize), or is
  AUTHORIZED at once (Authorize); AUTHORIZED -> CAPTURED (Capture) or
  CANCELLED (Cancel); a refund leaves it CAPTURED. A move the table does not
  allow is a handled error, whose code the spec does not show, and leaves the
  payment's status unchanged. The allowed moves are checked in the feature of
  each operation.

  Rule: A move the transaction table does not allow is refused and changes nothing

    Scenario Outline: <move> is refused and the payment stays <status>
      Given the partner has <state>
      When the partner <operation>
      Then the call fails as a handled error
      And the payment's status reads <status>

      @B-4.4
      Examples: Capture
        | move                           | state                    | operation            | status    |
        | Capture of a received payment  | a received guest payment | captures the payment | RECEIVED  |
        | Capture of a cancelled payment | a cancelled payment      | captures the payment | CANCELLED |

      @B-4.6
      Examples: Cancel
        | move                          | state                    | operation           | status   |
        | Cancel of a received payment  | a received guest payment | cancels the payment | RECEIVED |
        | Cancel of a captured payment  | a captured payment       | cancels the payment | CAPTURED |

      @B-4.5
      Examples: Refund
        | move                            | state                       | operation           | status     |
        | Refund of a received payment    | a received guest payment    | refunds the payment | RECEIVED   |
        | Refund of an authorized payment | an authorized guest payment | refunds the payment | AUTHORIZED |
        | Refund of a cancelled payment   | a cancelled payment         | refunds the payment | CANCELLED  |

      @B-4.2
      Examples: Complete Authorize
        | move                                     | state                       | operation                   | status     |
        | Completing an authorized payment again   | an authorized guest payment | completes the authorization | AUTHORIZED |
        | Completing a cancelled payment           | a cancelled payment         | completes the authorization | CANCELLED  |
        | Completing a captured payment            | a captured payment          | completes the authorization | CAPTURED   |
