@A-4.2
Feature: Create Account (A-4.2)
  The partner opens an e-wallet account for a user in a currency; the
  service answers 201 with every field its response lists: the new
  account's number, customer code and statuses (A-3).

  Rule: A valid request opens the account

    @A-4.2#1 @A-4.2#6 @A-4.2#7
    Scenario: An account is created
      When the partner creates an account
      Then the call succeeds
      And the response echoes partnerReference and programCode

    @A-4.4 @A-4.4#3 @A-4.4#4
    Scenario: The created account is read back as it was sent
      Given the partner has created an account
      When the partner reads the account information
      Then the call succeeds
      And the account information shows what was sent, as sent (advisory)

  Rule: Country codes and nationality may be given in alpha-2 or alpha-3

    @A-2.0 @A-2.4 @A-2.0#9 @A-4.2#4 @A-2.4#3
    Scenario: An account given its country codes in alpha-3 holds them in alpha-2 and alpha-3
      When the partner creates an account with country codes in alpha-3
      Then the call succeeds
      And the account information holds the country codes in alpha-2 and alpha-3

    @A-2.0 @A-2.4 @A-2.0#9 @A-2.4#6
    Scenario: A business user given its business country codes in alpha-3 holds them in alpha-2 and alpha-3
      When the partner creates an account for a business user with country codes in alpha-3
      Then the call succeeds
      And the account information holds the business country codes in alpha-2 and alpha-3

  Rule: culture is an RFC 4646 language tag

    @A-2.4 @A-4.4 @A-2.4#7
    Scenario: An account created with the culture de-DE holds that language tag
      When the partner creates an account with culture set to "de-DE"
      Then the call succeeds
      And the account information holds culture whole, as sent (advisory)

    # de_DE is a well-typed S(14) that breaks only RFC 4646, a format the
    # spec references: refusing it is advised. What the server writes in
    # culture is its own and must be a well-formed tag.
    @A-7 @A-2.4 @A-2.4#7 @A-2.4#8
    Scenario: An account created with the culture de_DE, a locale that is no language tag, is refused, or holds a language tag
      When the partner creates an account with culture set to "de_DE"
      Then the culture is refused (advisory), or the account information holds a well-formed language tag as its culture

  Rule: isBusinessUser is false unless given

    @A-4.2#5 @A-4 @A-4#1
    Scenario: An account created without isBusinessUser needs no business fields
      When the partner creates an account without isBusinessUser
      Then the call succeeds

  Rule: Every mandatory field is required

    @A-7 @A-4.2#2 @A-7#3 @A-7#4
    Scenario Outline: Create Account without <field> is rejected naming it
      When the partner creates an account without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples: Create Account's own fields
        | field                             |
        | programCode                       |
        | currCode                          |
        | title                             |
        | lastName                          |
        | firstName                         |
        | addr1                             |
        | city                              |
        | countryCode                       |
        | postCode                          |
        | dob                               |
        | emailAddress                      |
        | useDifferentCorrespondenceAddress |
        | nationality                       |

      @A-2.1 @A-2.1#1
      Examples: The request envelope
        | field            |
        | partnerReference |
        | localDate        |
        | localTime        |
