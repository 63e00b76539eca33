@A-2.2
Feature: Conditional field blocks (A-2.2)
  The correspondence block is required when useDifferentCorrespondenceAddress
  is true, and the business block when isBusinessUser is true; when the flag
  is false the block is optional. Each field of the correspondence (CB),
  business (BZ) and billing (BB) blocks has its maximum length.

  Rule: A different correspondence address needs its address fields

    @A-2.2#4 @A-7 @A-7#3 @A-7#4
    Scenario Outline: When the partner <operation> with a different correspondence address but without <field>, the call is rejected
      Given the partner has created an account
      When the partner <operation> with a different correspondence address without <field>
      Then the call is rejected as a syntax error naming <field>

      @A-4.2
      Examples: Create Account
        | operation          | field                     |
        | creates an account | correspondenceAddr1       |
        | creates an account | correspondenceCity        |
        | creates an account | correspondenceCountryCode |
        | creates an account | correspondencePostCode    |

      @A-4.3
      Examples: Update Account Information
        | operation                       | field                     |
        | updates the account information | correspondenceAddr1       |
        | updates the account information | correspondenceCity        |
        | updates the account information | correspondenceCountryCode |
        | updates the account information | correspondencePostCode    |

    @A-2.2#4
    Scenario Outline: When the partner <operation> with a different correspondence address, the call is accepted
      Given the partner has created an account
      When the partner <operation> with a different correspondence address
      Then the call succeeds

      @A-4.2
      Examples: Create Account
        | operation          |
        | creates an account |

      @A-4.3
      Examples: Update Account Information
        | operation                       |
        | updates the account information |

  Rule: The owner's address for correspondence needs no correspondence fields

    @A-2.2#5 @A-4.2
    Scenario: Create Account with the owner's address for correspondence needs no correspondence fields
      When the partner creates an account with the owner's address for correspondence
      Then the call succeeds

    @A-2.2#5 @A-4.3
    Scenario: Update Account Information with the owner's address for correspondence needs no correspondence fields
      Given the partner has created an account
      When the partner updates the account information with the owner's address for correspondence
      Then the call succeeds

  Rule: A business user needs the business fields

    @A-4.2 @A-2.2#6 @A-7 @A-7#3 @A-7#4
    Scenario Outline: Create Account for a business user without <field> is rejected
      When the partner creates an account with isBusinessUser set to true without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field                                  |
        | businessCompanyName                    |
        | businessCompanyType                    |
        | businessCompanyRegistrationNumber      |
        | businessCompanyRegistrationCountryCode |
        | businessAddr1                          |
        | businessCity                           |
        | businessPostCode                       |
        | businessCountryCode                    |

    @A-4.2 @A-2.2#6
    Scenario: Create Account for a business user with every business field is accepted
      When the partner creates an account for a business user
      Then the call succeeds

  Rule: A private user needs no business fields

    @A-4.2 @A-2.2#7
    Scenario: Create Account for a private user needs no business fields
      When the partner creates an account for a private user
      Then the call succeeds

  Rule: The fields of the blocks have their maximum lengths

    @A-2.2#1 @A-2.2#2 @A-2.0 @A-2.0#1
    Scenario Outline: When the partner <operation> <variant>, a <field> of <length> characters is accepted and kept whole
      Given the partner has created an account
      When the partner <operation> <variant> with <field> of <length> characters
      Then the call succeeds
      And the account information holds <field> whole, as sent (advisory)

      @A-4.2
      Examples: Create Account
        | operation          | variant                                 | field                   | length |
        | creates an account | with a different correspondence address | correspondenceAddr1     | 60     |
        | creates an account | for a business user                     | businessCompanyName     | 201    |

      @A-4.3
      Examples: Update Account Information
        | operation                       | variant                                 | field               | length |
        | updates the account information | with a different correspondence address | correspondenceAddr1 | 60     |

    @A-2.2#1 @A-2.2#2 @A-2.0 @A-2.0#2 @A-7 @A-7#7
    Scenario Outline: When the partner <operation> <variant>, a <field> of <length> characters is refused
      Given the partner has created an account
      When the partner <operation> <variant> with <field> of <length> characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

      @A-4.2
      Examples: Create Account
        | operation          | variant                                 | field                   | length |
        | creates an account | with a different correspondence address | correspondenceAddr1     | 61     |
        | creates an account | for a business user                     | businessCompanyName     | 202    |

      @A-4.3
      Examples: Update Account Information
        | operation                       | variant                                 | field               | length |
        | updates the account information | with a different correspondence address | correspondenceAddr1 | 61     |

    @A-4.6 @A-2.2#3 @A-2.0 @A-2.0#1
    Scenario: Init Add with a billing name of 201 characters is accepted
      Given the partner has created an account
      When the partner starts adding a payment option with a different billing address with customerFullName of 201 characters
      Then the call succeeds

    @A-4.6 @A-2.2#3 @A-2.0 @A-2.0#2 @A-7 @A-7#7
    Scenario: Init Add with a billing name of 202 characters is refused
      Given the partner has created an account
      When the partner starts adding a payment option with a different billing address with customerFullName of 202 characters
      Then the call is refused as an invalid value, as a syntax error (advisory)
