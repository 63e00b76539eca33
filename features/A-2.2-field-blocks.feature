@A-2.2
Feature: Conditional field blocks (A-2.2)
  The correspondence block is required when useDifferentCorrespondenceAddress
  is true, and the business block when isBusinessUser is true; when the flag
  is false the block is optional.

  Rule: A different correspondence address needs its address fields

    Scenario Outline: <operation> with a different correspondence address but without <field> is rejected
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

    Scenario Outline: <operation> with a different correspondence address is accepted
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

    Scenario Outline: <operation> with the owner's address for correspondence needs no correspondence fields
      Given the partner has created an account
      When the partner <operation> with the owner's address for correspondence
      Then the call succeeds

      @A-4.2
      Examples: Create Account
        | operation          |
        | creates an account |

      @A-4.3
      Examples: Update Account Information
        | operation                       |
        | updates the account information |

  Rule: A business user needs the business fields

    @A-4.2
    Scenario Outline: Create Account for a business user without <field> is rejected
      When the partner creates an account for a business user without <field>
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

    @A-4.2
    Scenario: Create Account for a business user with every business field is accepted
      When the partner creates an account for a business user
      Then the call succeeds

    @A-4.2
    Scenario: Create Account for a private user needs no business fields
      When the partner creates an account for a private user
      Then the call succeeds
