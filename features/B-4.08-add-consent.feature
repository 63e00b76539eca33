@B-4.8
Feature: Add Consent (B-4.8)
  The partner records the account owner's consent; the consent is
  confirmed, consentStatusCode CNSTCONF (B-3), with a consentReference of at
  most 32 characters (B-2.2). Whether a second Add Consent is accepted is
  not shown: it may be refused, but one that succeeds confirms.

  Rule: A consent is confirmed

    @B-2.2 @B-3 @B-4.8#1 @B-4.8#4 @B-2.2#1 @B-3#19
    Scenario: A consent is added and confirmed
      Given the partner has created an account
      When the partner adds a consent
      Then the call succeeds
      And the response's consentStatusCode is "CNSTCONF"
      And the response carries a consentReference of at most 32 characters
      And the response echoes partnerReference and programCode
      And the response names the account of the call in accno

  Rule: An Add Consent that succeeds confirms, whatever the account had before

    @B-3 @B-3#19
    Scenario: A consent added after one was revoked is confirmed, or refused
      Given the partner has created an account
      And the partner has added a consent
      And the partner has revoked the consent
      When the partner adds a consent
      Then the consent is confirmed, unless the call was refused as a handled error

  Rule: Every mandatory field is required, and no field is longer than its table says

    @A-7 @B-4.8#2
    Scenario Outline: Add Consent without <field> is rejected naming it
      Given the partner has created an account
      When the partner adds a consent without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | accnoType        |
        | localDate        |
        | localTime        |

    @B-4.8#3
    Scenario: A oneTimePassword of nine characters is a handled error
      Given the partner has created an account
      When the partner adds a consent with the one-time password and one character more
      Then the call fails as a handled error
