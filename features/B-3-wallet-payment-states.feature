@B-3
Feature: Wallet-to-merchant payment states (B-3)
  KC-Authorize makes a wallet payment AUTHORIZED and KC-Debit Account makes
  it CAPTURED at once; KC-Capture moves a payment KC-Authorize authorized to
  CAPTURED, KC-Cancel one authorized and not yet captured to CANCELLED, and
  KC-Refund leaves a captured one CAPTURED. A move from a state these rows
  do not allow is a handled error that changes no balance. What an exact
  repeat answers (a second KC-Capture, a second KC-Cancel) the rows do not
  show: the target declares it in its profile (behaviour.kcRepeatedMove),
  and it moves no money either way. A second KC-Capture is tried with money
  on the wallet for a second debit: refused for want of money, a repeat
  proves nothing.

  Rule: A move the KC rows do not allow is refused and changes no balance

    @B-2.4 @B-3#15
    Scenario Outline: <move> is refused and changes no balance
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      And the partner has noted the account's balance
      When the partner <operation>
      Then the call fails as a handled error
      And the balance is unchanged

      @B-4.16 @B-3#53
      Examples: KC-Capture of a payment no KC-Authorize authorized
        | move                  | state                                           | operation                   |
        | KC-Capture of a debit | debited 20.00 from the account for the merchant | captures the wallet payment |

      @B-4.17 @B-3#55
      Examples: KC-Cancel of a captured payment
        | move                            | state                                              | operation                  |
        | KC-Cancel of a captured payment | a captured wallet payment of 30.00 to the merchant | cancels the wallet payment |
        | KC-Cancel of a debit            | debited 20.00 from the account for the merchant    | cancels the wallet payment |

      @B-4.18 @B-3#56
      Examples: KC-Refund of a payment never captured
        | move                               | state                                                 | operation                  |
        | KC-Refund of an authorized payment | an authorized wallet payment of 30.00 to the merchant | refunds the wallet payment |
        | KC-Refund of a cancelled payment   | a cancelled wallet payment of 30.00 to the merchant   | refunds the wallet payment |

  Rule: A cancelled authorization is not captured, though "previously" does not say so

    # "previously authorized by KC-Authorize" (B-3) says the authorization
    # happened, not that it still holds; KC-Cancel's own row is the one that
    # says "not yet captured". The refusal is implied: advisory.
    @advisory @B-2.4 @B-4.16 @B-3#63
    Scenario: KC-Capture of a cancelled payment is refused and changes no balance
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has a cancelled wallet payment of 30.00 to the merchant
      And the partner has noted the account's balance
      When the partner captures the wallet payment
      Then the call fails as a handled error
      And the balance is unchanged

  Rule: An exact repeat is answered as the profile declares and moves no money

    @B-2.4 @B-4.16 @B-3#58 @B-2.4#4
    Scenario: KC-Capture of a captured payment, with money for a second debit, is answered as the profile declares and debits once
      Given the partner has created an account
      And the account has been loaded with 100.00
      And the partner has a captured wallet payment of 30.00 to the merchant
      And the partner has noted the account's balance, which could pay 30.00 again
      When the partner captures the wallet payment
      Then the repeated move is answered as the profile declares
      And the balance is unchanged

    @B-2.4 @B-3#58 @B-2.4#4
    Scenario Outline: <move> is answered as the profile declares and changes no balance
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      And the partner has noted the account's balance
      When the partner <operation>
      Then the repeated move is answered as the profile declares
      And the balance is unchanged

      @B-4.17
      Examples: KC-Cancel
        | move                             | state                                               | operation                  |
        | KC-Cancel of a cancelled payment | a cancelled wallet payment of 30.00 to the merchant | cancels the wallet payment |
