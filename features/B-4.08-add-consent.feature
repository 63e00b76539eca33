@B-4.8
Feature: Add Consent (B-4.8)
  The partner records the account owner's consent; the consent is
  confirmed, consentStatusCode CNSTCONF (B-3), with a consentReference of at
  most 32 characters (B-2.2).

  Rule: A consent is confirmed

    @B-2.2 @B-3
    Scenario: A consent is added and confirmed
      Given the partner has created an account
      When the partner adds a consent
      Then the call succeeds
      And the response's consentStatusCode is "CNSTCONF"
      And the response carries a consentReference of at most 32 characters
      And the response echoes partnerReference and programCode

  Rule: Every mandatory field is required

    @A-7
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
