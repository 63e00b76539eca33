@A-4.10
Feature: Delete Stored Payment Option (A-4.10)
  The partner deletes a stored payment option; the parameters travel in a
  JSON body. responseCode 0000 means the option is deleted.

  Rule: A deleted option is no longer listed

    Scenario: The stored payment option is deleted
      Given the partner has created an account
      And the partner has stored a payment option
      When the partner deletes the payment option
      Then the call succeeds
      And the response echoes partnerReference and programCode
      And the payment option is no longer listed among the stored payment options

  Rule: An option can be deleted once

    Scenario: Deleting the option again is not a success
      Given the partner has created an account
      And the partner has stored a payment option
      And the partner has deleted the payment option
      When the partner deletes the payment option
      Then the call is not a success

    Scenario: Deleting an option the account does not have is a handled error
      Given the partner has created an account
      And the partner uses a stored payment option reference the account does not have
      When the partner deletes the payment option
      Then the call fails as a handled error

  Rule: Every mandatory field is required

    @A-7
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
