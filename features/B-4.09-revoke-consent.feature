@B-4.9
Feature: Revoke Consent (B-4.9)
  The partner revokes a consent named in the path; consentStatusCode becomes
  CNSTRVKD (B-3).

  Rule: A revoked consent is CNSTRVKD

    @B-2.2 @B-3
    Scenario: A consent is revoked
      Given the partner has created an account
      And the partner has added a consent
      When the partner revokes the consent
      Then the call succeeds
      And the response's consentStatusCode is "CNSTRVKD"
      And the response echoes partnerReference and programCode

  Rule: Every mandatory field is required

    @A-7
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
