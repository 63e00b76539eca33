@A-3
Feature: Account states and transitions (A-3)
  Create Account moves a new account to statusCode ACTIVE, reporting
  twoFAStatusCode 2FADIS and accFlowStatusCode APPROVEDSV; Close Account
  moves an existing account to CLOSED, sets dateClosed and disables further
  usage. Other statuses and moves are not shown, so they are not checked.

  Rule: A created account is ACTIVE

    @A-4.2
    Scenario: Create Account reports the account ACTIVE, 2FADIS and APPROVEDSV
      When the partner creates an account
      Then the call succeeds
      And the response's statusCode is "ACTIVE"
      And the response's twoFAStatusCode is "2FADIS"
      And the response's accFlowStatusCode is "APPROVEDSV"

    @A-4.4
    Scenario: The created account is read back as ACTIVE
      Given the partner has created an account
      When the partner reads the account information
      Then the call succeeds
      And the response's statusCode is "ACTIVE"

  Rule: A closed account is CLOSED and can no longer be used

    @A-4.5
    Scenario: Close Account reports the account CLOSED with its closing date
      Given the partner has created an account
      When the partner closes the account
      Then the call succeeds
      And the response's statusCode is "CLOSED"
      And the response's dateClosed is a date

    Scenario: A closed account can no longer be updated
      Given the partner has created an account
      And the partner has closed the account
      When the partner updates the account information
      Then the call fails as a handled error

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

      @A-4.10
      Examples: Delete Stored Payment Option
        | operation                  |
        | deletes the payment option |

      @A-4.11
      Examples: Set Default Stored Payment Option
        | operation                            |
        | makes the payment option the default |
