@B-3
Feature: Wallet-to-merchant payment states (B-3)
  KC-Authorize makes a wallet payment AUTHORIZED and KC-Debit Account makes
  it CAPTURED at once; KC-Capture moves a KC-Authorize payment to CAPTURED,
  KC-Cancel an authorized one not yet captured to CANCELLED, and KC-Refund
  leaves a captured one CAPTURED. A move these rows do not allow is a handled
  error that changes no balance.

  Rule: A move the KC rows do not allow is refused and changes no balance

    @B-2.4
    Scenario Outline: <move> is refused and changes no balance
      Given the partner has created an account
      And the account has been loaded with 50.00
      And the partner has <state>
      And the partner has noted the account's balance
      When the partner <operation>
      Then the call fails as a handled error
      And the balance is unchanged

      @B-4.16
      Examples: KC-Capture
        | move                              | state                                               | operation                   |
        | KC-Capture of a debit             | debited 20.00 from the account for the merchant     | captures the wallet payment |
        | KC-Capture of a captured payment  | a captured wallet payment of 30.00 to the merchant  | captures the wallet payment |
        | KC-Capture of a cancelled payment | a cancelled wallet payment of 30.00 to the merchant | captures the wallet payment |

      @B-4.17
      Examples: KC-Cancel
        | move                             | state                                               | operation                  |
        | KC-Cancel of a captured payment  | a captured wallet payment of 30.00 to the merchant  | cancels the wallet payment |
        | KC-Cancel of a debit             | debited 20.00 from the account for the merchant     | cancels the wallet payment |
        | KC-Cancel of a cancelled payment | a cancelled wallet payment of 30.00 to the merchant | cancels the wallet payment |

      @B-4.18
      Examples: KC-Refund
        | move                               | state                                                | operation                  |
        | KC-Refund of an authorized payment | an authorized wallet payment of 30.00 to the merchant | refunds the wallet payment |
        | KC-Refund of a cancelled payment   | a cancelled wallet payment of 30.00 to the merchant  | refunds the wallet payment |
