@B-4.19
Feature: Perform Address Check (B-4.19)
  The partner asks the service to check an address. The success HTTP status
  and the response's fields beyond partnerReference and programCode are not
  shown by the spec: a success is responseCode 0000 with 200 or 201 (the
  statuses A-7 pairs with 0000) and the envelope, and partnerReference and
  programCode echo the request.

  Rule: A valid address check is answered with the envelope

    @A-2.1 @B-4.19#3
    Scenario: An address is checked
      When the partner checks an address
      Then the call succeeds
      And the response carries the response envelope
      And the response echoes partnerReference and programCode

  Rule: Every mandatory field is required

    @A-7 @B-4.19#1
    Scenario Outline: Perform Address Check without <field> is rejected naming it
      When the partner checks an address without <field>
      Then the call is rejected as a syntax error naming <field>

      Examples:
        | field            |
        | partnerReference |
        | programCode      |
        | street           |
        | localDate        |
        | localTime        |

  Rule: Every field is at most its length

    @A-7 @A-2.0 @A-2.0#2 @A-7#7 @B-4.19#4
    Scenario Outline: Perform Address Check with <field> of <length> characters is refused
      When the partner checks an address with <field> of <length> characters
      Then the call is refused as an invalid value, as a syntax error (advisory)

      Examples:
        | field       | length |
        | street      | 69     |
        | house       | 11     |
        | postalCode  | 11     |
        | city        | 51     |
        | countryCode | 4      |
