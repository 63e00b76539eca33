@B-4.9
Feature: Revoke Consent (B-4.9)
  The partner revokes a consent named in the path; consentStatusCode becomes
  CNSTRVKD (B-3). A second Revoke of the same consent is not shown and not
  asserted.

  Rule: A revoked consent is CNSTRVKD

    @B-2.2 @B-3 @B-4.9#1 @B-4.9#4 @B-2.2#1 @B-3#20
    Scenario: A consent is revoked
      Given the partner has created an account
      And the partner has added a consent
      When the partner revokes the consent
      Then the call succeeds
      And the response's consentStatusCode is "CNSTRVKD"
      And the response echoes partnerReference and programCode
      And the response names the account of the call in accno

    @advisory @B-4.9#5
    Scenario: Revoking a consent the account does not have is a handled error
      Given the partner has created an account
      And the partner uses a consent reference the account does not have
      When the partner revokes the consent
      Then the call fails as a handled error

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @B-4.9#2
    Scenario Outline: Revoke Consent without <field> is rejected naming it
      Given the partner has created an account
      And the partner has added a consent
      When the partner revokes the consent without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |

    @B-4.9#3
    Scenario: A oneTimePassword of nine digits is a handled error
      Given the partner has created an account
      And the partner has added a consent
      When the partner revokes the consent with the one-time password and one digit more
      Then the call fails as a handled error
