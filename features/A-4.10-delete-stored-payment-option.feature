@A-4.10
Feature: Delete Stored Payment Option (A-4.10)
  The partner deletes a stored payment option; the parameters travel in a
  JSON body. responseCode 0000 means the option is deleted: it is no longer
  listed, cannot be made the default and cannot pay. What a second Delete
  answers is not shown: a success or a handled error, the option stays
  deleted.

  Rule: A deleted option is gone

    @A-4.10#1 @A-4.10#3 @A-4.10#4
    Scenario: The stored payment option is deleted
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner deletes the payment option
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the response names the account of the call in accno
      And the payment option is no longer listed among the stored payment options

    @A-4.10#3 @A-4.10#5
    Scenario: Deleting the option again leaves it deleted
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has deleted the payment option
      When the partner deletes the payment option
      Then the call succeeds or fails as a handled error
      And the payment option is no longer listed among the stored payment options

    @B-4.3 @A-4.10#3
    Scenario: A deleted option cannot pay
      Given the partner has created an account
      And the partner has stored a verified payment option
      And the partner has deleted the payment option
      When the partner authorizes a payment with the stored payment option
      Then the call fails as a handled error

    @A-4.11 @A-4.10#3
    Scenario: A deleted option cannot be made the default
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has deleted the payment option
      When the partner makes the payment option the default
      Then the call fails as a handled error

    @advisory @A-4.10#6
    Scenario: Deleting an option the account does not have is a handled error
      Given the partner has created an account
      And the partner uses a stored payment option reference the account does not have
      When the partner deletes the payment option
      Then the call fails as a handled error

    @advisory @A-4.10#7
    Scenario: A refused Delete leaves the option listed
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner deletes the payment option without accnoType
      Then the call fails as a handled error
      And the payment option is still listed among the stored payment options (advisory)

  Rule: Every mandatory field is required

    @A-7 @A-4.10#2
    Scenario Outline: Delete without <field> is rejected naming it
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner deletes the payment option without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |
